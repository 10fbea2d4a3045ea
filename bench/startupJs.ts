import { gzipSync } from "node:zlib";
import type { Browser, Response } from "@playwright/test";
import { trackNetwork } from "./browser";
import { NETWORK_IDLE_MS } from "./config";

export interface JsFile {
  /** Path part of the URL (same origin) or the full URL. */
  file: string;
  rawBytes: number;
  gzipBytes: number;
}

export interface StartupJs {
  url: string;
  /** Every JS response of the first load, in arrival order. */
  files: JsFile[];
  rawBytes: number;
  gzipBytes: number;
  /** From navigation start until no request had been in flight for NETWORK_IDLE_MS. */
  idleAfterMs: number;
  /** False if the page never went idle within the time limit (the sums are then what came so far). */
  reachedIdle: boolean;
  requests: number;
}

/** zlib level 9, each file on its own (what a static server with gzip_static would send). */
const gzipSize = (body: Buffer): number => gzipSync(body, { level: 9 }).length;

function isJavaScript(response: Response): boolean {
  const type = response.headers()["content-type"] ?? "";
  return response.request().resourceType() === "script" || /javascript|ecmascript/.test(type);
}

/**
 * JS the browser fetches on a first visit (fresh context: no cache, no storage) from navigation until
 * the network is idle, with each response body's size and gzip size.
 */
export async function measureStartupJs(browser: Browser, url: string): Promise<StartupJs> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const network = trackNetwork(page);
    const origin = new URL(url).origin;
    const reads: Promise<JsFile | undefined>[] = [];
    let requests = 0;
    page.on("request", () => requests++);
    page.on("response", (response) => {
      if (!isJavaScript(response) || response.status() !== 200) return;
      const file = response.url().startsWith(origin) ? new URL(response.url()).pathname : response.url();
      reads.push(
        response.body().then(
          (body) => ({ file, rawBytes: body.length, gzipBytes: gzipSize(body) }),
          () => undefined,
        ),
      );
    });
    const started = Date.now();
    await page.goto(url, { waitUntil: "load", timeout: 60_000 });
    const reachedIdle = await network.idle(NETWORK_IDLE_MS, 30_000);
    const idleAfterMs = Date.now() - started;
    const files = (await Promise.all(reads)).filter((f): f is JsFile => f !== undefined);
    return {
      url,
      files,
      rawBytes: files.reduce((sum, f) => sum + f.rawBytes, 0),
      gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
      idleAfterMs,
      reachedIdle,
      requests,
    };
  } finally {
    await context.close();
  }
}
