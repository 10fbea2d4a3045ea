import { expect, type Page, type Request } from "@playwright/test";
import { afterNextFrame } from "./connectWallet";

/** The page's requests that `matches` picks, from now on, that have no answer (or failure) yet. */
export interface PendingRequests {
  readonly count: () => number;
  /**
   * Resolves once every such request has had its answer or failed, and the page has rendered a frame
   * after that: the moment an error that one of them caused would be on screen.
   */
  settled(): Promise<void>;
}

export function pendingRequests(page: Page, matches: (url: URL) => boolean): PendingRequests {
  const pending = new Set<Request>();
  page.on("request", (request) => {
    if (matches(new URL(request.url()))) pending.add(request);
  });
  const done = (request: Request) => pending.delete(request);
  // Its answer has come once the response does: Chromium does not always report the end of a body the
  // page stopped reading (seen: a GET answered 404 stayed without "requestfinished").
  page.on("response", (response) => done(response.request()));
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  return {
    count: () => pending.size,
    async settled() {
      await expect
        .poll(() => [...pending].map((request) => `${request.method()} ${request.url()}`), {
          message: "the page's requests still unanswered",
        })
        .toEqual([]);
      await afterNextFrame(page);
    },
  };
}
