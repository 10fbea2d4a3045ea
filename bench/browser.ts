import { chromium, type Browser, type Page, type Request } from "@playwright/test";
import { CHROME_FLAGS, CHROMIUM_PATH } from "./config";

/** Debian's Chromium through Playwright (Playwright's own browser download does not work here). */
export async function launchBrowser(): Promise<Browser> {
  // Playwright adds its own headless switch.
  const args = CHROME_FLAGS.filter((flag) => !flag.startsWith("--headless"));
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args });
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once `count()` has not changed for `quietMs` (or after `maxMs`); returns whether it got quiet. */
export async function waitForQuiet(count: () => number, quietMs: number, maxMs: number): Promise<boolean> {
  const deadline = Date.now() + maxMs;
  let last = count();
  let lastChange = Date.now();
  while (Date.now() < deadline) {
    await sleep(25);
    const now = count();
    if (now !== last) {
      last = now;
      lastChange = Date.now();
    } else if (Date.now() - lastChange >= quietMs) {
      return true;
    }
  }
  return false;
}

/**
 * Tracks the page's requests: those still waiting for a response, and the time of the last request,
 * response or end. A request counts as settled once its response headers arrive: a fetch whose body
 * the page never reads (the app's 401 from /api/auth/me) gets no "requestfinished" event at all.
 *
 * `idle()` waits until nothing has been waiting and nothing has happened for `quietMs`, then checks
 * that the page's main thread is free (a busy main thread, e.g. evaluating a large bundle on this
 * slow machine, fetches nothing until it is done), and starts over if a request went out meanwhile.
 */
export function trackNetwork(page: Page): { idle(quietMs: number, maxMs: number): Promise<boolean> } {
  const waiting = new Set<Request>();
  let lastActivity = Date.now();
  page.on("request", (request) => {
    waiting.add(request);
    lastActivity = Date.now();
  });
  const settled = (request: Request): void => {
    waiting.delete(request);
    lastActivity = Date.now();
  };
  page.on("response", (response) => settled(response.request()));
  page.on("requestfinished", settled);
  page.on("requestfailed", settled);
  const quiet = (quietMs: number): boolean => waiting.size === 0 && Date.now() - lastActivity >= quietMs;
  return {
    async idle(quietMs, maxMs) {
      const deadline = Date.now() + maxMs;
      while (Date.now() < deadline) {
        if (quiet(quietMs)) {
          const before = lastActivity;
          // One frame and one task on the page's main thread: queued behind whatever it is running.
          await page.evaluate(
            "new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))",
          );
          if (lastActivity === before && quiet(quietMs)) return true;
        }
        await sleep(25);
      }
      return false;
    },
  };
}
