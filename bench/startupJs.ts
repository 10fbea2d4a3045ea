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

/** A share of the start-up JS: its files and their sums. */
export interface JsShare {
  files: JsFile[];
  rawBytes: number;
  gzipBytes: number;
}

export interface StartupJs extends JsShare {
  url: string;
  /**
   * The scripts the HTML document names (its module script and modulepreload links): what runs before
   * the page's first paint. The rest (`afterDocument`) is what that code loads itself, e.g. the Stake
   * page's chart, pool figures and activity list, loaded lazily after first paint.
   */
  inDocument: JsShare;
  afterDocument: JsShare;
  /** From navigation start until no request had been in flight for NETWORK_IDLE_MS. */
  idleAfterMs: number;
  /** False if the page never went idle within the time limit (the sums are then what came so far). */
  reachedIdle: boolean;
  requests: number;
}

/** zlib level 9, each file on its own (what a static server with gzip_static would send). */
const gzipSize = (body: Buffer): number => gzipSync(body, { level: 9 }).length;

function share(files: JsFile[]): JsShare {
  return {
    files,
    rawBytes: files.reduce((sum, f) => sum + f.rawBytes, 0),
    gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
  };
}

/** Paths of the scripts an HTML document names: `<script src>` and `<link rel="modulepreload" href>`. */
export function documentScripts(html: string, documentUrl: string): Set<string> {
  const origin = new URL(documentUrl).origin;
  const urls = [
    ...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g),
    ...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g),
  ].map((match) => new URL(match[1] as string, documentUrl));
  return new Set(urls.map((url) => (url.origin === origin ? url.pathname : url.href)));
}

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
    const documentResponse = await page.goto(url, { waitUntil: "load", timeout: 60_000 });
    const named = documentScripts((await documentResponse?.text()) ?? "", url);
    const reachedIdle = await network.idle(NETWORK_IDLE_MS, 30_000);
    const idleAfterMs = Date.now() - started;
    const files = (await Promise.all(reads)).filter((f): f is JsFile => f !== undefined);
    return {
      url,
      ...share(files),
      inDocument: share(files.filter((f) => named.has(f.file))),
      afterDocument: share(files.filter((f) => !named.has(f.file))),
      idleAfterMs,
      reachedIdle,
      requests,
    };
  } finally {
    await context.close();
  }
}
