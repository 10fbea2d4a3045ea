import type { BrowserContext, Page } from "@playwright/test";
import { POO_TEST_WALLET_INFO } from "../installInjectedWallet";
import type { RpcErrorObject } from "../protocol";

/**
 * Origins of the blank test pages. Playwright's router answers every request to them, so nothing
 * listens on these ports; they only give the page a real http://127.0.0.1 origin (EIP-6963 and the
 * wallet's per-origin permissions need one, `about:blank` has none).
 */
export const TEST_ORIGIN = "http://127.0.0.1:8649";
export const OTHER_ORIGIN = "http://localhost:8649";

/** A page that, like a dapp, listens for EIP-6963 announcements from its first script on. */
const TEST_PAGE_HTML = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><title>Wallet test page</title></head>
  <body>
    <main>Wallet test page</main>
    <script>
      window.announcements = [];
      window.walletEvents = [];
      window.addEventListener("eip6963:announceProvider", (event) => window.announcements.push(event.detail));
    </script>
  </body>
</html>`;

export type RpcOutcome =
  { readonly ok: true; readonly result: unknown } | { readonly ok: false; readonly error: RpcErrorObject };

export interface RecordedWalletEvent {
  readonly event: string;
  readonly payload: unknown;
}

/** Serves the blank page on {@link TEST_ORIGIN} and {@link OTHER_ORIGIN} (404 for anything else there). */
export async function serveTestPages(target: Page | BrowserContext): Promise<void> {
  for (const origin of [TEST_ORIGIN, OTHER_ORIGIN]) {
    await target.route(
      (url) => url.origin === origin,
      (route) =>
        new URL(route.request().url()).pathname === "/"
          ? route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: TEST_PAGE_HTML })
          : route.fulfill({ status: 404, body: "" }),
    );
  }
}

type TestWindow = Window & {
  announcements: { info: { rdns: string; uuid: string }; provider: unknown }[];
  walletEvents: RecordedWalletEvent[];
  testWallet: {
    request(args: { method: string; params?: unknown }): Promise<unknown>;
    on(event: string, listener: (payload: unknown) => void): unknown;
    removeListener(event: string, listener: (payload: unknown) => void): unknown;
  };
  testWalletListeners: Record<string, (payload: unknown) => void>;
  backgroundRequests: { settled: RpcOutcome | null; done: Promise<RpcOutcome> }[];
};

/** A request started in the page without waiting for its answer. */
export interface BackgroundRequest {
  /** The outcome if the request has settled, else null. */
  settled(): Promise<RpcOutcome | null>;
  /** Waits for the outcome. */
  outcome(): Promise<RpcOutcome>;
}

/** Drives the wallet from inside a blank page, the way an app's code would call it. */
export class WalletTestPage {
  private constructor(readonly page: Page) {}

  /** Opens the blank page; with `discover` (default) also finds the wallet through EIP-6963 and records its events. */
  static async open(
    page: Page,
    { origin = TEST_ORIGIN, discover = true }: { origin?: string; discover?: boolean } = {},
  ): Promise<WalletTestPage> {
    await serveTestPages(page);
    await page.goto(`${origin}/`);
    const testPage = new WalletTestPage(page);
    if (discover) await testPage.discover();
    return testPage;
  }

  /** Asks for providers (eip6963:requestProvider), picks the test wallet by rdns and subscribes to its events. */
  async discover(): Promise<void> {
    await this.page.evaluate((rdns) => {
      const w = window as unknown as TestWindow;
      window.dispatchEvent(new Event("eip6963:requestProvider"));
      const detail = w.announcements.find((announced) => announced.info.rdns === rdns);
      if (!detail) throw new Error(`no EIP-6963 announcement from ${rdns}`);
      w.testWallet = detail.provider as TestWindow["testWallet"];
      w.testWalletListeners = {};
      for (const event of ["accountsChanged", "chainChanged", "connect", "disconnect"]) {
        const listener = (payload: unknown): void => {
          const plain =
            payload instanceof Error
              ? { code: (payload as Error & { code?: number }).code, message: payload.message }
              : payload;
          w.walletEvents.push({ event, payload: plain });
        };
        w.testWalletListeners[event] = listener;
        w.testWallet.on(event, listener);
      }
    }, POO_TEST_WALLET_INFO.rdns);
  }

  /** Calls `provider.request` in the page and reports the result or the thrown error's code/message/data. */
  async request(method: string, params?: unknown): Promise<RpcOutcome> {
    return this.page.evaluate(
      async ([m, p]) => {
        const w = window as unknown as TestWindow;
        try {
          return {
            ok: true as const,
            result: await w.testWallet.request(p === undefined ? { method: m } : { method: m, params: p }),
          };
        } catch (error) {
          const e = error as { code: number; message: string; data?: unknown };
          return { ok: false as const, error: { code: e.code, message: e.message, data: e.data } };
        }
      },
      [method, params] as const,
    );
  }

  /** Starts `provider.request` in the page and returns at once, to look at the page while the wallet decides. */
  async requestInBackground(method: string, params?: unknown): Promise<BackgroundRequest> {
    const index = await this.page.evaluate(
      ([m, p]) => {
        const w = window as unknown as TestWindow;
        w.backgroundRequests ??= [];
        const entry: TestWindow["backgroundRequests"][number] = {
          settled: null,
          done: Promise.resolve({ ok: true, result: null }),
        };
        entry.done = w.testWallet.request(p === undefined ? { method: m } : { method: m, params: p }).then(
          (result): RpcOutcome => (entry.settled = { ok: true, result }),
          (error: { code: number; message: string; data?: unknown }): RpcOutcome =>
            (entry.settled = {
              ok: false,
              error: { code: error.code, message: error.message, data: error.data },
            }),
        );
        return w.backgroundRequests.push(entry) - 1;
      },
      [method, params] as const,
    );
    return {
      settled: () =>
        this.page.evaluate((i) => (window as unknown as TestWindow).backgroundRequests[i]!.settled, index),
      outcome: () =>
        this.page.evaluate((i) => (window as unknown as TestWindow).backgroundRequests[i]!.done, index),
    };
  }

  /** `request` that expects success and returns the result. */
  async call<T = unknown>(method: string, params?: unknown): Promise<T> {
    const outcome = await this.request(method, params);
    if (!outcome.ok)
      throw new Error(`${method} failed in the page: ${outcome.error.message} (code ${outcome.error.code})`);
    return outcome.result as T;
  }

  /** `request` that expects failure and returns the error. */
  async callExpectingError(method: string, params?: unknown): Promise<RpcErrorObject> {
    const outcome = await this.request(method, params);
    if (outcome.ok)
      throw new Error(`${method} unexpectedly succeeded with ${JSON.stringify(outcome.result)}`);
    return outcome.error;
  }

  /** Events the page's listeners received, oldest first. */
  async events(): Promise<RecordedWalletEvent[]> {
    return this.page.evaluate(() => (window as unknown as TestWindow).walletEvents);
  }

  async clearEvents(): Promise<void> {
    await this.page.evaluate(() => {
      (window as unknown as TestWindow).walletEvents.length = 0;
    });
  }

  /** Removes the page's listener for `event` (provider.removeListener). */
  async stopListening(event: string): Promise<void> {
    await this.page.evaluate((name) => {
      const w = window as unknown as TestWindow;
      const listener = w.testWalletListeners[name];
      if (listener) w.testWallet.removeListener(name, listener);
    }, event);
  }
}
