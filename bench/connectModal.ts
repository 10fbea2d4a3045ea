import type { Browser, CDPSession, Page } from "@playwright/test";
import { throttling } from "lighthouse/core/config/constants.js";
import { NAMES } from "./config";
import { median } from "./stats";

/**
 * Phase connect-modal: from first navigation to RainbowKit's "Connect a Wallet" modal on screen, when
 * the user presses Connect Wallet as soon as it can be pressed, on a phone-sized page under mobile
 * throttling applied through the DevTools protocol:
 *
 * - CPU 4× slower (`Emulation.setCPUThrottlingRate`, Lighthouse's mobile `cpuSlowdownMultiplier`);
 * - Lighthouse's `mobileSlow4G` (150 ms RTT, 1.6 Mbps down, 750 Kbps up) as Lighthouse applies it with
 *   DevTools throttling (`throttlingMethod: "devtools"`): request latency 150 × 3.75 = 562.5 ms,
 *   throughput × 0.9 (1,474.6 Kbps down, 675 Kbps up) through `Network.emulateNetworkConditions`
 *   (Lighthouse's DEVTOOLS_RTT_ADJUSTMENT_FACTOR and DEVTOOLS_THROUGHPUT_ADJUSTMENT_FACTOR).
 *
 * Each run is a fresh browser context (empty cache, no storage, 412×823 at DPR 1.75 with touch,
 * Lighthouse's mobile screen): the cold visit; then the same page is opened again in that context
 * (warm HTTP cache, storage from the first visit) and measured the same way, and a third time. Chrome
 * makes its V8 code cache of a script when it runs for the second time, on the main thread: the
 * second visit pays for that (the wallet code runs on the click), the third uses it. In the page, a capture
 * listener notes the click on Connect Wallet and a mutation observer the moment a dialog titled
 * "Connect a Wallet" is in the DOM; "on screen" is the end of the next frame after that
 * (requestAnimationFrame, then a task). Times are `performance.now()`, i.e. from navigation start.
 * The button is pressed with a tap as soon as Playwright finds it visible, stable, enabled and
 * receiving events.
 *
 * One more cold visit per run, in a context of its own, is tapped READING_MS after the button could be
 * pressed: a first visitor who swipes the page once with a finger and reads before connecting. The
 * target is the immediate tap; this one shows what the wallet files fetched after the first
 * interaction give (bench/README.md).
 */

// Lighthouse's own numbers for mobileSlow4G, with its DevTools adjustments already applied
// (requestLatencyMs, downloadThroughputKbps, uploadThroughputKbps) and its CPU slowdown.
const slow4G = throttling.mobileSlow4G;

const MOBILE_THROTTLING = {
  cpuSlowdown: slow4G.cpuSlowdownMultiplier,
  latencyMs: slow4G.requestLatencyMs,
  downloadKbps: slow4G.downloadThroughputKbps,
  uploadKbps: slow4G.uploadThroughputKbps,
  description:
    "4× CPU (Emulation.setCPUThrottlingRate); Lighthouse mobileSlow4G with its DevTools adjustments: 562.5 ms latency, 1,474.6 Kbps down, 675 Kbps up (Network.emulateNetworkConditions)",
} as const;

const MODAL_TITLE = "Connect a Wallet";
/** How long the "reading" visit looks at the page before it taps Connect Wallet. */
export const READING_MS = 2_000;
const TIMEOUT_MS = 60_000;

export interface ModalTiming {
  /** Navigation start → the click on Connect Wallet. */
  clickMs: number;
  /** Navigation start → the modal on screen. */
  modalMs: number;
  /** Click → modal on screen. */
  clickToModalMs: number;
}

export interface ModalSeries {
  cold: ModalTiming[];
  /** Second visit: the HTTP cache is warm; Chrome makes its code cache of the scripts now. */
  warm: ModalTiming[];
  /** Third visit: HTTP cache and V8's code cache warm (a returning visitor's usual case). */
  again: ModalTiming[];
  /** Cold, in a fresh context, tapped READING_MS after the button could be pressed. */
  reading: ModalTiming[];
}

const MODAL_KINDS = ["cold", "warm", "again", "reading"] as const;
export type ModalKind = (typeof MODAL_KINDS)[number];

const emptyModalSeries = (): ModalSeries => ({ cold: [], warm: [], again: [], reading: [] });

export interface ModalSummary {
  runs: ModalSeries;
  median: Record<ModalKind, ModalTiming>;
}

export interface ConnectModalResults {
  throttling: string;
  ours: ModalSummary;
  bare: ModalSummary;
}

const PROBE = `(() => {
  const marks = { click: null, modal: null };
  window.__connectModalBench = marks;
  document.addEventListener("click", (event) => {
    const button = event.target instanceof Element ? event.target.closest("button") : null;
    if (marks.click === null && button && button.textContent.includes(${JSON.stringify(NAMES.connectButton)})) {
      marks.click = performance.now();
    }
  }, true);
  let seen = false;
  new MutationObserver(() => {
    if (seen) return;
    const dialog = [...document.querySelectorAll('[role="dialog"]')].find((d) => d.textContent.includes(${JSON.stringify(MODAL_TITLE)}));
    if (!dialog) return;
    seen = true;
    requestAnimationFrame(() => setTimeout(() => { marks.modal = performance.now(); }, 0));
  }).observe(document, { subtree: true, childList: true });
})();`;

async function throttle(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: MOBILE_THROTTLING.latencyMs,
    downloadThroughput: (MOBILE_THROTTLING.downloadKbps * 1024) / 8,
    uploadThroughput: (MOBILE_THROTTLING.uploadKbps * 1024) / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: MOBILE_THROTTLING.cpuSlowdown });
  return cdp;
}

async function visit(page: Page, url: string, readingMs = 0): Promise<ModalTiming> {
  await page.goto(url, { waitUntil: "commit", timeout: TIMEOUT_MS });
  const button = page.getByRole("button", { name: NAMES.connectButton, exact: true }).first();
  if (readingMs > 0) {
    // Visible and enabled, then the visitor reads. Not tap({ trial: true }): its checks count as
    // pointing at the button, which starts the wallet code's download (WalletButton's onPointerEnter).
    const handle = await button.elementHandle({ timeout: TIMEOUT_MS });
    await handle.waitForElementState("visible", { timeout: TIMEOUT_MS });
    await handle.waitForElementState("enabled", { timeout: TIMEOUT_MS });
    const readingFrom = Date.now();
    // A reader on a phone moves the page with a finger first: a short swipe in the middle of the
    // screen, away from the header's button (the app prefetches the wallet files after it).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Input.synthesizeScrollGesture", {
      x: 200,
      y: 500,
      yDistance: -150,
      gestureSourceType: "touch",
    });
    await cdp.detach();
    await page.waitForTimeout(Math.max(0, readingMs - (Date.now() - readingFrom)));
  }
  await button.tap({ timeout: TIMEOUT_MS });
  await page.getByRole("dialog", { name: MODAL_TITLE }).waitFor({ state: "visible", timeout: TIMEOUT_MS });
  const marks = (
    await page.waitForFunction(
      "window.__connectModalBench.modal !== null && window.__connectModalBench",
      undefined,
      { timeout: TIMEOUT_MS },
    )
  ).jsonValue() as Promise<{ click: number | null; modal: number }>;
  const { click, modal } = await marks;
  if (click === null) throw new Error(`${url}: the modal opened but no click on Connect Wallet was seen`);
  return { clickMs: click, modalMs: modal, clickToModalMs: modal - click };
}

/** Visits of `url` in a fresh phone-like context, all throttled; the first one is cold. */
async function inFreshContext<T>(
  browser: Browser,
  url: string,
  visits: (page: Page) => Promise<T>,
): Promise<T> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  try {
    await context.addInitScript(PROBE);
    const page = await context.newPage();
    await throttle(page);
    return await visits(page);
  } finally {
    await context.close();
  }
}

/** One run: cold, warm and 3rd visit in one context; a cold visit with reading in another. */
async function measureOnce(browser: Browser, url: string): Promise<Record<ModalKind, ModalTiming>> {
  const visits = await inFreshContext(browser, url, async (page) => {
    const cold = await visit(page, url);
    const warm = await visit(page, url);
    const again = await visit(page, url);
    return { cold, warm, again };
  });
  const reading = await inFreshContext(browser, url, (page) => visit(page, url, READING_MS));
  return { ...visits, reading };
}

function addRun(series: ModalSeries, run: Record<ModalKind, ModalTiming>): void {
  for (const kind of MODAL_KINDS) series[kind].push(run[kind]);
}

function summarizeModal(runs: ModalSeries): ModalSummary {
  const med = (list: ModalTiming[]): ModalTiming => ({
    clickMs: median(list.map((t) => t.clickMs)) ?? NaN,
    modalMs: median(list.map((t) => t.modalMs)) ?? NaN,
    clickToModalMs: median(list.map((t) => t.clickToModalMs)) ?? NaN,
  });
  const medians = Object.fromEntries(MODAL_KINDS.map((kind) => [kind, med(runs[kind])]));
  return { runs, median: medians as Record<ModalKind, ModalTiming> };
}

const describe = ({ cold, warm, again, reading }: Record<ModalKind, ModalTiming>): string =>
  `cold click ${Math.round(cold.clickMs)} ms, modal ${Math.round(cold.modalMs)} ms; warm click ${Math.round(warm.clickMs)} ms, click → modal ${Math.round(warm.clickToModalMs)} ms; 3rd visit click → modal ${Math.round(again.clickToModalMs)} ms; cold read ${READING_MS} ms, click → modal ${Math.round(reading.clickToModalMs)} ms`;

/** `runs` rounds, ours and the bare app alternating within each round (drifting load hits both). */
export async function measureConnectModal(options: {
  browser: Browser;
  oursUrl: string;
  bareUrl: string;
  runs: number;
  log: (message: string) => void;
}): Promise<ConnectModalResults> {
  const series = { ours: emptyModalSeries(), bare: emptyModalSeries() };
  for (let i = 0; i < options.runs; i++) {
    for (const [key, url] of [
      ["ours", options.oursUrl],
      ["bare", options.bareUrl],
    ] as const) {
      const run = await measureOnce(options.browser, url);
      addRun(series[key], run);
      options.log(`${key} #${i + 1}: ${describe(run)}`);
    }
  }
  return {
    throttling: MOBILE_THROTTLING.description,
    ours: summarizeModal(series.ours),
    bare: summarizeModal(series.bare),
  };
}
