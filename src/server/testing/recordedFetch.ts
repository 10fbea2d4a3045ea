import { readFileSync } from "node:fs";

export type RecordedRequest = { url: URL; headers: Headers; signal: AbortSignal | undefined };

/** Reads one of the CoinMarketCap answer bodies under adapters/fixtures/. */
export function readCmcFixture(name: string): string {
  return readFileSync(new URL(`../adapters/fixtures/${name}`, import.meta.url), "utf8");
}

/** A fetch that answers every call with the given status and body, and records what was asked. */
export function replayFetch(
  status: number,
  body: string,
): { fetch: typeof globalThis.fetch; requests: RecordedRequest[] } {
  const requests: RecordedRequest[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    requests.push({
      url: new URL(input instanceof Request ? input.url : input.toString()),
      headers: new Headers(init?.headers),
      signal: init?.signal ?? undefined,
    });
    return new Response(body, { status, headers: { "content-type": "application/json; charset=utf-8" } });
  };
  return { fetch, requests };
}

/** A fetch that never answers and only settles when its signal aborts, like an upstream that hangs. */
export function hangingFetch(): typeof globalThis.fetch {
  return (_input, init) =>
    new Promise<Response>((_resolve, reject) => {
      const signal = init?.signal;
      if (!signal) return;
      signal.addEventListener("abort", () => reject(signal.reason), { once: true });
    });
}
