/**
 * `npx tsx bench/experiments.ts`: what-if builds of the app, to measure what would close the missed
 * targets without touching src/. Each variant is the production build with a small source patch
 * applied at build time (a Vite transform); the patch fails loudly when the source it expects has
 * changed. Measures start-up JS of / and Lighthouse (mobile and desktop, median of
 * BENCH_LIGHTHOUSE_RUNS, default 3) for each variant and the bare app; writes
 * bench/results/experiments-<timestamp>.json (BENCH_VARIANTS=word,word: only the variants whose name
 * contains one of the words). Uses the same ports as bench/run.ts: not both at once.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import type { Browser } from "@playwright/test";
import type { Plugin } from "vite";
import { startBenchStack } from "./benchStack";
import { launchBrowser, sleep } from "./browser";
import { startupComposition, type PackageShare } from "./composition";
import { LIGHTHOUSE_RUNS, PORTS, RESULTS_DIR, ROOT_DIR } from "./config";
import { installAbortHandlers, log, Stoppers } from "./lifecycle";
import {
  killActiveChrome,
  lighthouseWithRetry,
  summarize,
  type LighthouseSummary,
  type Preset,
} from "./lighthouseRuns";
import { buildAndPreviewBare, buildAndPreviewOurs, previewOurs, type RunningPreview } from "./servers";
import { connectButton } from "./stakePage";
import { measureStartupJs, type StartupJs } from "./startupJs";
import { ratio } from "./stats";

interface Patch {
  /** Path of the source file, relative to the repository root. */
  file: string;
  from: string;
  to: string;
}

interface Variant {
  name: string;
  what: string;
  patches: Patch[];
  /**
   * Upper bound of a prerendered shell: the page's disconnected DOM (#root after start-up, taken
   * with Playwright) is written into the built index.html, so the first paint needs no JS. React
   * still renders from scratch over it (no hydration), so this measures the paint, not the JS cost.
   */
  prerender?: boolean;
}

/** The first render as an ordinary update instead of a transition: what the transition is worth. */
const NO_START_TRANSITION: Patch = {
  file: "src/main.tsx",
  from: "startTransition(() =>",
  to: "((render: () => void) => render())(() =>",
};

// Earlier runs measured F1 (the sign-in check's unread 401) and F2 (Coinbase's SDK at start-up) as
// patches; the source has both fixed since (F2 by loading the whole wallet stack on demand).
const VARIANTS: Variant[] = [
  { name: "as is", what: "the working tree, unchanged", patches: [] },
  {
    name: "no transition",
    what: "first render as an ordinary update (root.render outside startTransition)",
    patches: [NO_START_TRANSITION],
  },
  {
    name: "prerendered shell",
    what: "the disconnected page's HTML in index.html (first paint without JS; upper bound)",
    patches: [],
    prerender: true,
  },
];

/** Writes the page's #root markup into the built index.html and serves the build again. */
async function prerender(
  preview: RunningPreview,
  browser: Browser,
  rebuild: () => Promise<RunningPreview>,
): Promise<RunningPreview> {
  const context = await browser.newContext();
  let markup: string;
  try {
    const page = await context.newPage();
    await page.goto(`${preview.url}/`, { waitUntil: "load" });
    await connectButton(page).waitFor({ timeout: 30_000 });
    await sleep(1_000);
    markup = await page.evaluate("document.getElementById('root').innerHTML");
  } finally {
    await context.close();
  }
  await preview.close();
  const indexFile = path.join(preview.outDir, "index.html");
  const html = readFileSync(indexFile, "utf8");
  if (!html.includes('<div id="root"></div>')) throw new Error("index.html has no empty #root to fill");
  writeFileSync(indexFile, html.replace('<div id="root"></div>', `<div id="root">${markup}</div>`));
  return rebuild();
}

function patchPlugin(patches: Patch[]): Plugin {
  const byFile = new Map(patches.map((p) => [path.join(ROOT_DIR, p.file), p]));
  const applied = new Set<string>();
  return {
    name: "bench-experiment-patch",
    enforce: "pre",
    transform(code, id) {
      const patch = byFile.get(id.split("?")[0] ?? id);
      if (!patch) return undefined;
      if (!code.includes(patch.from)) {
        throw new Error(
          `${patch.file} no longer contains ${JSON.stringify(patch.from)}: update bench/experiments.ts`,
        );
      }
      applied.add(patch.file);
      return { code: code.replace(patch.from, patch.to), map: null };
    },
    buildEnd() {
      const missing = patches.filter((p) => !applied.has(p.file)).map((p) => p.file);
      if (missing.length > 0) throw new Error(`patched files not in the build: ${missing.join(", ")}`);
    },
  };
}

interface VariantResult {
  name: string;
  what: string;
  startupJs: Pick<StartupJs, "rawBytes" | "gzipBytes"> & { files: number };
  composition: Record<string, PackageShare>;
  lighthouse: Record<Preset, LighthouseSummary>;
  /** Mean wall time of one Lighthouse run on this variant. */
  lighthouseRunMs: number;
}

async function measureVariant(
  name: string,
  what: string,
  preview: RunningPreview,
  browser: Browser,
): Promise<VariantResult> {
  const js = await measureStartupJs(browser, `${preview.url}/`);
  const lighthouse = {} as Record<Preset, LighthouseSummary>;
  let lighthouseMs = 0;
  for (const preset of ["mobile", "desktop"] as const) {
    const runs = [];
    for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
      const t0 = performance.now();
      const run = await lighthouseWithRetry(`${preview.url}/`, preset);
      lighthouseMs += performance.now() - t0;
      log(
        name,
        `${preset} #${i + 1}: score ${run.score}, LCP ${Math.round(run.lcpMs ?? 0)} ms (${run.lcpElement ?? "?"}), TBT ${Math.round(run.tbtMs ?? 0)} ms`,
      );
      runs.push(run);
    }
    lighthouse[preset] = summarize(name, `${preview.url}/`, preset, runs);
  }
  return {
    name,
    what,
    startupJs: { rawBytes: js.rawBytes, gzipBytes: js.gzipBytes, files: js.files.length },
    composition: startupComposition(
      preview.outDir,
      js.files.map((f) => f.file),
    ),
    lighthouse,
    lighthouseRunMs: lighthouseMs / (2 * LIGHTHOUSE_RUNS),
  };
}

async function main(stoppers: Stoppers): Promise<number> {
  process.chdir(ROOT_DIR);
  const startedAt = new Date();
  const wallStart = performance.now();
  const { workDir, stack } = await startBenchStack(stoppers, "poo-bench-exp-");
  const browser = await launchBrowser();
  stoppers.add("browser", () => browser.close());
  stoppers.add("Lighthouse's Chrome", killActiveChrome);

  const results: VariantResult[] = [];
  const errors: { variant: string; message: string }[] = [];
  const bare = await buildAndPreviewBare({
    outDir: path.join(workDir, "bare"),
    port: PORTS.bare,
    rpcUrl: stack.chainUrl,
    variant: "injected",
  });
  stoppers.add("preview bare", () => bare.close());
  results.push(
    await measureVariant("bare app", "the baseline (bench/bare-app, injected wallet only)", bare, browser),
  );
  const reactOnly = await buildAndPreviewBare({
    outDir: path.join(workDir, "react-only"),
    port: PORTS.bareDefault,
    rpcUrl: stack.chainUrl,
    variant: "none",
  });
  stoppers.add("preview React only", () => reactOnly.close());
  results.push(
    await measureVariant(
      "React only",
      "the bare page without wagmi/RainbowKit: this machine's floor",
      reactOnly,
      browser,
    ),
  );

  // BENCH_VARIANTS=prerender,Coinbase: only the variants whose name contains one of the words.
  const only = (process.env.BENCH_VARIANTS ?? "")
    .split(",")
    .map((w) => w.trim())
    .filter(Boolean);
  const selected = only.length > 0 ? VARIANTS.filter((v) => only.some((w) => v.name.includes(w))) : VARIANTS;
  for (const variant of selected) {
    let preview: RunningPreview | undefined;
    try {
      log(variant.name, "building");
      preview = await buildAndPreviewOurs({
        outDir: path.join(workDir, "ours"),
        port: PORTS.web,
        rpcUrl: stack.chainUrl,
        apiUrl: stack.apiUrl,
        plugins: [patchPlugin(variant.patches)],
      });
      if (variant.prerender) {
        const built = preview;
        preview = undefined;
        preview = await prerender(built, browser, () => previewOurs(path.join(workDir, "ours"), PORTS.web));
      }
      results.push(await measureVariant(variant.name, variant.what, preview, browser));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log(variant.name, `FAILED: ${message}`);
      errors.push({ variant: variant.name, message });
    } finally {
      await preview?.close();
    }
  }
  await stoppers.stopAll();

  const base = results.find((r) => r.name === "bare app");
  const kib = (b: number): string => `${(b / 1024).toFixed(1)} KiB`;
  const lines = [
    `Experiments — ${startedAt.toISOString()} — ${LIGHTHOUSE_RUNS} Lighthouse run(s) per preset — wall ${((performance.now() - wallStart) / 1000).toFixed(0)} s`,
    "variant | start-up JS / gzip (vs bare) | mobile score, LCP, TBT | desktop score, LCP, TBT | s per Lighthouse run",
    ...results.map((r) => {
      const m = r.lighthouse.mobile.median;
      const d = r.lighthouse.desktop.median;
      const vs = ratio(r.startupJs.gzipBytes, base?.startupJs.gzipBytes);
      return [
        r.name,
        `${kib(r.startupJs.gzipBytes)} (${vs === null ? "—" : `${vs.toFixed(2)}×`})`,
        `${m.score}, ${Math.round(m.lcpMs ?? 0)} ms, ${Math.round(m.tbtMs ?? 0)} ms`,
        `${d.score}, ${Math.round(d.lcpMs ?? 0)} ms, ${Math.round(d.tbtMs ?? 0)} ms`,
        (r.lighthouseRunMs / 1000).toFixed(0),
      ].join(" | ");
    }),
    "LCP elements (mobile runs):",
    ...results.map(
      (r) =>
        `  ${r.name}: ${Object.entries(r.lighthouse.mobile.lcpElements)
          .map(([e, n]) => `${e}×${n}`)
          .join(", ")}`,
    ),
    ...errors.map((e) => `FAILED ${e.variant}: ${e.message}`),
  ];
  console.log(`\n${lines.join("\n")}\n`);
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `experiments-${startedAt.toISOString().replace(/[:.]/g, "-")}.json`);
  writeFileSync(
    `${file}.tmp`,
    `${JSON.stringify({ startedAt, variants: VARIANTS, results, errors, table: lines }, null, 2)}\n`,
  );
  renameSync(`${file}.tmp`, file);
  log("results", path.relative(ROOT_DIR, file));
  return errors.length > 0 ? 1 : 0;
}

const stoppers = new Stoppers();
installAbortHandlers(stoppers, 60 * 60_000);
main(stoppers)
  .then(async (code) => {
    await stoppers.stopAll();
    process.exit(code);
  })
  .catch(async (error: unknown) => {
    log("experiments", `failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    await stoppers.stopAll();
    process.exit(1);
  });
