import net from "node:net";
import { performance } from "node:perf_hooks";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig } from "lighthouse";
import { CHROME_FLAGS, CHROMIUM_PATH, PORTS } from "./config";
import { sleep } from "./browser";
import { countBy, median } from "./stats";

export type Preset = "mobile" | "desktop";

export interface LighthouseRun {
  score: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  fcpMs: number | null;
  speedIndexMs: number | null;
  /** Bytes transferred (Lighthouse's total-byte-weight). */
  totalBytes: number | null;
  /** The LCP element (its text or label) and the LCP subparts (ms), from lcp-breakdown-insight. */
  lcpElement?: string;
  lcpSubparts?: Record<string, number>;
  /** The element of the largest layout shift (selector) and that shift's score. */
  largestShift?: string;
  /** Lighthouse's long-tasks audit (simulated ms): what TBT is made of, by script. */
  longTasks?: { url: string; startMs: number; durationMs: number }[];
  runtimeError?: string;
  /** The runtime error of a first attempt that was run again. */
  retriedAfter?: string;
  warnings: string[];
  /** Wall time of the run: Chrome's start and Lighthouse's navigation (F1 made it 45 s longer). */
  wallMs: number;
}

export interface LighthouseSummary {
  label: string;
  url: string;
  preset: Preset;
  runs: LighthouseRun[];
  /** Medians over the runs without a runtime error. */
  median: Omit<
    LighthouseRun,
    | "runtimeError"
    | "retriedAfter"
    | "warnings"
    | "lcpElement"
    | "lcpSubparts"
    | "largestShift"
    | "longTasks"
    | "wallMs"
  >;
  /** Median wall time of one run, all runs. */
  medianWallMs: number | null;
  /** The LCP elements of the runs, with how many runs had each. */
  lcpElements: Record<string, number>;
  validRuns: number;
}

/** The Chrome of the Lighthouse run in progress, so an aborted benchmark can stop it too. */
let activeChrome: chromeLauncher.LaunchedChrome | undefined;

/**
 * Kills a Chrome (by its PID, through chrome-launcher) and waits until it has exited and its
 * debugging port is closed: chrome-launcher would otherwise attach the next run to the dying one.
 */
async function killChrome(chrome: chromeLauncher.LaunchedChrome): Promise<void> {
  const exited =
    chrome.process.exitCode !== null || chrome.process.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => chrome.process.once("exit", () => resolve()));
  chrome.kill();
  await Promise.race([exited, sleep(10_000)]);
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline && (await portOpen(chrome.port))) await sleep(50);
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** Kills the Chrome of a Lighthouse run still in progress. */
export async function killActiveChrome(): Promise<void> {
  const chrome = activeChrome;
  activeChrome = undefined;
  if (chrome) await killChrome(chrome);
}

const numeric = (lhr: { audits: Record<string, { numericValue?: number }> }, id: string): number | null =>
  lhr.audits[id]?.numericValue ?? null;

/**
 * One Lighthouse navigation (performance category only) in a fresh headless Chromium on the
 * benchmark's debugging port. Mobile is Lighthouse's default config; desktop its desktop-config.
 */
async function lighthouseOnce(url: string, preset: Preset): Promise<LighthouseRun> {
  const started = performance.now();
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: [...CHROME_FLAGS],
    port: PORTS.lighthouseChrome,
    handleSIGINT: false,
    logLevel: "silent",
  });
  activeChrome = chrome;
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] },
      preset === "desktop" ? desktopConfig : undefined,
    );
    if (!result) throw new Error("Lighthouse returned no result");
    const { lhr } = result;
    const score = lhr.categories.performance?.score;
    return {
      score: typeof score === "number" ? Math.round(score * 100) : null,
      lcpMs: numeric(lhr, "largest-contentful-paint"),
      tbtMs: numeric(lhr, "total-blocking-time"),
      cls: numeric(lhr, "cumulative-layout-shift"),
      fcpMs: numeric(lhr, "first-contentful-paint"),
      speedIndexMs: numeric(lhr, "speed-index"),
      totalBytes: numeric(lhr, "total-byte-weight"),
      ...lcpBreakdown(lhr.audits["lcp-breakdown-insight"]?.details),
      ...largestShift(lhr.audits["layout-shifts"]?.details),
      ...longTasks(lhr.audits["long-tasks"]?.details),
      ...(lhr.runtimeError ? { runtimeError: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` } : {}),
      warnings: lhr.runWarnings.map(String),
      wallMs: performance.now() - started,
    };
  } finally {
    activeChrome = undefined;
    await killChrome(chrome);
  }
}

interface BreakdownItem {
  type?: string;
  nodeLabel?: string;
  selector?: string;
  items?: { subpart?: string; duration?: number }[];
}

/** What lcp-breakdown-insight says: a table of subparts and the LCP node. */
function lcpBreakdown(details: unknown): Pick<LighthouseRun, "lcpElement" | "lcpSubparts"> {
  const items = (details as { items?: BreakdownItem[] } | undefined)?.items ?? [];
  const node = items.find((i) => i.type === "node");
  const table = items.find((i) => i.type === "table");
  const subparts: Record<string, number> = {};
  for (const row of table?.items ?? []) {
    if (row.subpart && typeof row.duration === "number") subparts[row.subpart] = Math.round(row.duration);
  }
  return {
    ...(node ? { lcpElement: `${node.nodeLabel ?? "?"} (${node.selector ?? "?"})` } : {}),
    ...(table ? { lcpSubparts: subparts } : {}),
  };
}

/** The long-tasks audit's rows, script URLs shortened to their path. */
function longTasks(details: unknown): Pick<LighthouseRun, "longTasks"> {
  const items =
    (details as { items?: { url?: string; startTime?: number; duration?: number }[] } | undefined)?.items ??
    [];
  if (items.length === 0) return {};
  const short = (url: string): string => {
    try {
      return new URL(url).pathname;
    } catch {
      return url;
    }
  };
  return {
    longTasks: items.map((i) => ({
      url: short(i.url ?? "?"),
      startMs: Math.round(i.startTime ?? 0),
      durationMs: Math.round(i.duration ?? 0),
    })),
  };
}

/** The largest entry of the layout-shifts audit. */
function largestShift(details: unknown): Pick<LighthouseRun, "largestShift"> {
  const items =
    (details as { items?: { score?: number; node?: { selector?: string } }[] } | undefined)?.items ?? [];
  const top = [...items].sort((a, b) => (b.score ?? 0) - (a.score ?? 0))[0];
  return top?.score ? { largestShift: `${top.node?.selector ?? "?"} (${top.score.toFixed(3)})` } : {};
}

/**
 * lighthouseOnce, run again once if Lighthouse reports a runtime error (e.g. NO_NAVSTART, which it
 * asks to re-run for); the failed attempt is kept in `retriedAfter`.
 */
export async function lighthouseWithRetry(url: string, preset: Preset): Promise<LighthouseRun> {
  const first = await lighthouseOnce(url, preset);
  if (!first.runtimeError) return first;
  const second = await lighthouseOnce(url, preset);
  return { ...second, retriedAfter: first.runtimeError };
}

export function summarize(
  label: string,
  url: string,
  preset: Preset,
  runs: LighthouseRun[],
): LighthouseSummary {
  const valid = runs.filter((r) => !r.runtimeError);
  const pick = (key: keyof LighthouseSummary["median"]): number | null =>
    median(valid.map((r) => r[key]).filter((v): v is number => typeof v === "number"));
  return {
    label,
    url,
    preset,
    runs,
    validRuns: valid.length,
    medianWallMs: median(runs.map((r) => r.wallMs)),
    lcpElements: countBy(valid.map((r) => r.lcpElement ?? "?")),
    median: {
      score: pick("score"),
      lcpMs: pick("lcpMs"),
      tbtMs: pick("tbtMs"),
      cls: pick("cls"),
      fcpMs: pick("fcpMs"),
      speedIndexMs: pick("speedIndexMs"),
      totalBytes: pick("totalBytes"),
    },
  };
}
