/**
 * `npx tsx bench/experiments.ts`: what-if builds of the app, to measure what would close the missed
 * targets without touching src/. Each variant is the production build with a small source patch
 * applied at build time (a Vite transform); the patch fails loudly when the source it expects has
 * changed. Measures start-up JS of / and Lighthouse (mobile and desktop, median of
 * BENCH_LIGHTHOUSE_RUNS, default 3) for each variant and the bare app; writes
 * bench/results/experiments-<timestamp>.json (BENCH_VARIANTS=word,word: only the variants whose name
 * contains one of the words). Uses the same ports as bench/run.ts: not both at once.
 * To go faster: BENCH_EXPERIMENT_PAGE=/launch measures that page of ours (the bare app has only /),
 * BENCH_PRESETS=mobile skips desktop, BENCH_NO_MODAL=1 skips the Connect → modal rounds.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import type { Browser } from "@playwright/test";
import type { Plugin } from "vite";
import { startBenchStack } from "./benchStack";
import { launchBrowser, sleep } from "./browser";
import { startupComposition, type PackageShare } from "./composition";
import { LIGHTHOUSE_RUNS, MODAL_RUNS, PORTS, RESULTS_DIR, ROOT_DIR } from "./config";
import { installAbortHandlers, log, Stoppers } from "./lifecycle";
import {
  killActiveChrome,
  lighthouseWithRetry,
  summarize,
  type LighthouseRun,
  type LighthouseSummary,
  type Preset,
} from "./lighthouseRuns";
import { buildAndPreviewBare, buildAndPreviewOurs, previewOurs, type RunningPreview } from "./servers";
import { filesToPrefetch } from "../scripts/lib/prefetchList";
import {
  emptyModalSeries,
  measureModalSeries,
  MOBILE_THROTTLING,
  MODAL_KINDS,
  READING_MS,
  summarizeModal,
  type ModalSeries,
  type ModalSummary,
  type ModalTiming,
} from "./connectModal";
import { connectButton } from "./stakePage";
import { measureStartupJs, type StartupJs } from "./startupJs";
import { ratio } from "./stats";

/** Ports of the variants' previews (the bench's own range; bench/run.ts uses 9173-9176). */
const EXPERIMENT_PORTS = [9160, 9161, 9162, 9163, 9164, 9165, 9166, 9167];

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
  /** Replacements in the built index.html (after Vite's own tags are in). */
  htmlPatches?: { from: string | RegExp; to: string }[];
  /** More Vite plugins for this variant's build. */
  plugins?: () => Plugin[];
  /** process.env for this variant's build and preview (restored afterwards). */
  env?: Record<string, string>;
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
    name: "no price preload",
    what: "index.html without the price's <link rel=preload as=fetch> (the app fetches it once its script runs)",
    patches: [],
    htmlPatches: [{ from: /<link rel="preload" as="fetch"[^>]*>\s*/, to: "" }],
  },
  {
    name: "wallet code preloaded by the HTML",
    what: "<link rel=modulepreload> for the wallet stack's chunks in index.html: downloaded with start-up, evaluated on Connect",
    patches: [],
    plugins: () => [walletModulePreload()],
  },
  {
    name: "assets revalidated",
    what: "vite preview's default Cache-Control: no-cache on /assets/* (every cached script asked again)",
    patches: [],
    env: { POO_PREVIEW_ASSET_CACHE: "revalidate" },
  },
  {
    name: "no transition",
    what: "first render as an ordinary update (root.render outside startTransition)",
    patches: [NO_START_TRANSITION],
  },
  {
    name: "no Coinbase connector",
    what: "the wallet list without Coinbase Wallet: wagmi's reconnect on mount asks every connector for its provider, and Coinbase's loads its SDK (95 KiB gzip) to answer (upper bound)",
    patches: [
      {
        file: "src/app/wallet/createWagmiConfig.ts",
        from: ": [injectedWallet, coinbaseWallet, safeWallet];",
        to: ": [injectedWallet, safeWallet];",
      },
    ],
  },
  {
    name: "first render waits for the price",
    what: "start() renders once the preloaded price is in the query cache (at most 100 ms later), so the first render already has it: no store update during or right after the sliced first render",
    patches: [
      {
        file: "src/main.tsx",
        from: "    void services.queryClient.prefetchQuery(",
        to: "    const pricePrefetch = services.queryClient.prefetchQuery(",
      },
      {
        file: "src/main.tsx",
        from: "    startTransition(() =>",
        to: `    const firstRender = (render: () => void): void =>
      void Promise.race([pricePrefetch, new Promise((resolve) => setTimeout(resolve, 100))]).then(() =>
        startTransition(render),
      );
    firstRender(() =>`,
      },
    ],
  },
  {
    name: "no wallet prefetch",
    what: "a first visit does not fetch the wallet stack's files after its first interaction (WalletProvider without prefetch): they download on Connect",
    patches: [
      {
        file: "src/app/providers/AppProviders.tsx",
        from: " prefetch={prefetchWalletStack}>",
        to: ">",
      },
    ],
  },
  {
    name: "wallet files prefetched at load",
    what: "a first visit fetches the wallet stack's files (not run) on the page's load event, without waiting for an interaction: the cold tap at first paint finds them downloading or in the HTTP cache",
    patches: [
      {
        file: "src/app/wallet/WalletContext.tsx",
        from: "return afterFirstInteraction(prefetch);",
        to: "return afterLoad(prefetch);",
      },
    ],
  },
  {
    name: "wallet stack loaded at load",
    what: "every visit, the first too, loads and runs the wallet stack on the page's load event (the returning visitor's warm-up for all): the cold tap finds it running",
    patches: [
      {
        file: "src/app/wallet/WalletContext.tsx",
        from: "useState(() => warmUpProp ?? walletStackRanBefore())",
        to: "useState(() => warmUpProp ?? true)",
      },
    ],
  },
  {
    name: "set-up in one task",
    what: "configuration, services and the first render's start in one task after module evaluation (as before the split): one 25-30 ms task unthrottled instead of three",
    patches: [
      { file: "src/main.tsx", from: "    await nextTask();\n    const services", to: "    const services" },
      { file: "src/main.tsx", from: "    await nextTask();\n    // index.html", to: "    // index.html" },
    ],
  },
  {
    name: "text laid out with the HTML",
    what: "an invisible block of text in the page's fonts and weights in index.html: the first text layout (font matching and loading, 30-60 ms observed here) happens while the start-up script downloads, not in the first render's layout",
    patches: [],
    htmlPatches: [
      {
        from: '<div id="root"></div>',
        to: `<div aria-hidden="true" style="position:absolute;width:1px;height:1px;overflow:hidden;visibility:hidden;pointer-events:none;white-space:nowrap"><span>POO Finance $0.0042</span><span style="font-weight:600">Stake</span><span style="font-weight:700">Stake</span><span style="font-weight:800">Stake</span><span style="font-family:SFRounded,ui-rounded,'SF Pro Rounded',-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-weight:700">Connect Wallet</span></div><div id="root"></div>`,
      },
    ],
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

/** Adds modulepreload links for the WalletStack chunk and the chunks it imports (not start-up's). */
function walletModulePreload(): Plugin {
  return {
    name: "bench-experiment-wallet-modulepreload",
    transformIndexHtml: {
      order: "post",
      handler(_html, ctx) {
        // The same list the app prefetches after a first interaction (scripts/lib/prefetchList.ts), scripts only.
        const files = filesToPrefetch(ctx.bundle ?? {}, "src/app/wallet/WalletStack.tsx", "/");
        return files
          .filter((file) => file.endsWith(".js"))
          .map((href) => ({
            tag: "link",
            attrs: { rel: "modulepreload", crossorigin: true, href },
            injectTo: "head" as const,
          }));
      },
    },
  };
}

function htmlPatchPlugin(patches: NonNullable<Variant["htmlPatches"]>): Plugin {
  return {
    name: "bench-experiment-html-patch",
    transformIndexHtml: {
      order: "post",
      handler(html) {
        let out = html;
        for (const patch of patches) {
          const next = out.replace(patch.from, patch.to);
          if (next === out)
            throw new Error(`index.html has no ${String(patch.from)}: update bench/experiments.ts`);
          out = next;
        }
        return out;
      },
    },
  };
}

const uptime = (): string => execFileSync("uptime", { encoding: "utf8" }).trim();

function patchPlugin(patches: Patch[]): Plugin {
  // A file may take several patches; they apply in the order listed.
  const byFile = new Map<string, Patch[]>();
  for (const patch of patches) {
    const file = path.join(ROOT_DIR, patch.file);
    byFile.set(file, [...(byFile.get(file) ?? []), patch]);
  }
  const applied = new Set<string>();
  return {
    name: "bench-experiment-patch",
    enforce: "pre",
    transform(code, id) {
      const filePatches = byFile.get(id.split("?")[0] ?? id);
      if (!filePatches) return undefined;
      let out = code;
      for (const patch of filePatches) {
        if (!out.includes(patch.from)) {
          throw new Error(
            `${patch.file} no longer contains ${JSON.stringify(patch.from)}: update bench/experiments.ts`,
          );
        }
        out = out.replace(patch.from, patch.to);
        applied.add(patch.file);
      }
      return { code: out, map: null };
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
  /** Navigation → wallet modal under mobile throttling (bench/connectModal.ts); none for React only. */
  modal?: ModalSummary;
}

/** One built and served page under test: the bare app or a variant of ours. */
interface Target {
  name: string;
  what: string;
  preview: RunningPreview;
  withModal: boolean;
  /** The page measured: "/" for the bare builds (they have no other), BENCH_EXPERIMENT_PAGE for ours. */
  path: string;
}

/** The page of ours the variants are measured on (BENCH_EXPERIMENT_PAGE, default "/"). */
const EXPERIMENT_PAGE = process.env.BENCH_EXPERIMENT_PAGE ?? "/";
/** Connect → modal rounds per target (none with BENCH_NO_MODAL=1). */
const MODAL_ROUNDS = process.env.BENCH_NO_MODAL === "1" ? 0 : MODAL_RUNS;

/**
 * Everything is built and served first (each on its own port), then measured in rounds: each round
 * measures every target once (modal, Lighthouse mobile, Lighthouse desktop), so that the load of this
 * shared machine, which drifts over minutes, hits all targets alike.
 */
async function measureTargets(
  targets: Target[],
  browser: Browser,
  errors: { variant: string; message: string }[],
): Promise<VariantResult[]> {
  // A failed measurement is recorded and the rounds go on: the others' figures are still worth keeping.
  const attempt = async <T>(name: string, what: string, run: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await run();
    } catch (error) {
      const message =
        error instanceof Error ? (error.message.split("\n")[0] ?? error.message) : String(error);
      log(name, `${what} FAILED: ${message}`);
      errors.push({ variant: name, message: `${what}: ${message}` });
      return undefined;
    }
  };
  const js = new Map<string, Awaited<ReturnType<typeof measureStartupJs>>>();
  const urlOf = (t: Target): string => `${t.preview.url}${t.path}`;
  for (const t of targets) js.set(t.name, await measureStartupJs(browser, urlOf(t)));
  const modal = new Map<string, ModalSeries>();
  const lh = new Map<string, Record<Preset, LighthouseRun[]>>();
  const lhMs = new Map<string, number>();
  const presets: Preset[] = process.env.BENCH_PRESETS === "mobile" ? ["mobile"] : ["mobile", "desktop"];
  const rounds = Math.max(LIGHTHOUSE_RUNS, MODAL_ROUNDS);
  for (let i = 0; i < rounds; i++) {
    for (const t of targets) {
      const url = urlOf(t);
      if (t.withModal && i < MODAL_ROUNDS) {
        const one = await attempt(t.name, `modal #${i + 1}`, () =>
          measureModalSeries(browser, url, 1, (m) => log(t.name, `#${i + 1} ${m}`)),
        );
        if (one) {
          const series = modal.get(t.name) ?? emptyModalSeries();
          for (const kind of MODAL_KINDS) series[kind].push(...one.runs[kind]);
          modal.set(t.name, series);
        }
      }
      if (i < LIGHTHOUSE_RUNS) {
        for (const preset of presets) {
          const t0 = performance.now();
          const run = await attempt(t.name, `Lighthouse ${preset} #${i + 1}`, () =>
            lighthouseWithRetry(url, preset),
          );
          if (!run) continue;
          lhMs.set(t.name, (lhMs.get(t.name) ?? 0) + performance.now() - t0);
          log(
            t.name,
            `${preset} #${i + 1}: score ${run.score}, FCP ${Math.round(run.fcpMs ?? 0)} ms, LCP ${Math.round(run.lcpMs ?? 0)} ms (${run.lcpElement ?? "?"}), TBT ${Math.round(run.tbtMs ?? 0)} ms`,
          );
          const runs = lh.get(t.name) ?? { mobile: [], desktop: [] };
          runs[preset].push(run);
          lh.set(t.name, runs);
        }
      }
    }
  }
  return targets.map((t) => {
    const startup = js.get(t.name) as Awaited<ReturnType<typeof measureStartupJs>>;
    const runs = lh.get(t.name) ?? { mobile: [], desktop: [] };
    const series = modal.get(t.name);
    return {
      name: t.name,
      what: t.what,
      startupJs: { rawBytes: startup.rawBytes, gzipBytes: startup.gzipBytes, files: startup.files.length },
      composition: startupComposition(
        t.preview.outDir,
        startup.files.map((f) => f.file),
      ),
      lighthouse: {
        mobile: summarize(t.name, urlOf(t), "mobile", runs.mobile),
        desktop: summarize(t.name, urlOf(t), "desktop", runs.desktop),
      },
      lighthouseRunMs: (lhMs.get(t.name) ?? 0) / (presets.length * LIGHTHOUSE_RUNS),
      modal: series ? summarizeModal(series) : undefined,
    };
  });
}

async function main(stoppers: Stoppers): Promise<number> {
  process.chdir(ROOT_DIR);
  const startedAt = new Date();
  const wallStart = performance.now();
  const { workDir, stack } = await startBenchStack(stoppers, "poo-bench-exp-");
  const browser = await launchBrowser();
  stoppers.add("browser", () => browser.close());
  stoppers.add("Lighthouse's Chrome", killActiveChrome);

  const errors: { variant: string; message: string }[] = [];
  const targets: Target[] = [];
  const bare = await buildAndPreviewBare({
    outDir: path.join(workDir, "bare"),
    port: PORTS.bare,
    rpcUrl: stack.chainUrl,
    variant: "injected",
  });
  stoppers.add("preview bare", () => bare.close());
  targets.push({
    name: "bare app",
    what: "the baseline (bench/bare-app, injected wallet only)",
    preview: bare,
    withModal: true,
    path: "/",
  });
  if (process.env.BENCH_NO_FLOOR !== "1") {
    const reactOnly = await buildAndPreviewBare({
      outDir: path.join(workDir, "react-only"),
      port: PORTS.bareDefault,
      rpcUrl: stack.chainUrl,
      variant: "none",
    });
    stoppers.add("preview React only", () => reactOnly.close());
    targets.push({
      name: "React only",
      what: "the bare page without wagmi/RainbowKit: this machine's floor",
      preview: reactOnly,
      withModal: false,
      path: "/",
    });
  }

  // BENCH_VARIANTS=prerender,Coinbase: only the variants whose name contains one of the words.
  const only = (process.env.BENCH_VARIANTS ?? "")
    .split(",")
    .map((w) => w.trim())
    .filter(Boolean);
  const selected = only.length > 0 ? VARIANTS.filter((v) => only.some((w) => v.name.includes(w))) : VARIANTS;
  if (selected.length > EXPERIMENT_PORTS.length)
    throw new Error(`at most ${EXPERIMENT_PORTS.length} variants at once`);
  for (const [index, variant] of selected.entries()) {
    const port = EXPERIMENT_PORTS[index] as number;
    const outDir = path.join(workDir, `variant-${index}`);
    const savedEnv = Object.fromEntries(Object.keys(variant.env ?? {}).map((k) => [k, process.env[k]]));
    Object.assign(process.env, variant.env ?? {});
    try {
      log(variant.name, `building (port ${port})`);
      let preview = await buildAndPreviewOurs({
        outDir,
        port,
        rpcUrl: stack.chainUrl,
        apiUrl: stack.apiUrl,
        plugins: [
          patchPlugin(variant.patches),
          htmlPatchPlugin(variant.htmlPatches ?? []),
          ...(variant.plugins?.() ?? []),
        ],
      });
      if (variant.prerender) preview = await prerender(preview, browser, () => previewOurs(outDir, port));
      const running = preview;
      stoppers.add(`preview ${variant.name}`, () => running.close());
      targets.push({
        name: variant.name,
        what: variant.what,
        preview,
        withModal: true,
        path: EXPERIMENT_PAGE,
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log(variant.name, `FAILED: ${message}`);
      errors.push({ variant: variant.name, message });
    } finally {
      for (const [k, v] of Object.entries(savedEnv)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
  }
  const uptimeStart = uptime();
  const results = await measureTargets(targets, browser, errors);
  const uptimeEnd = uptime();
  await stoppers.stopAll();

  const base = results.find((r) => r.name === "bare app");
  const kib = (b: number): string => `${(b / 1024).toFixed(1)} KiB`;
  const lines = [
    `Experiments — ${startedAt.toISOString()} — ${LIGHTHOUSE_RUNS} Lighthouse run(s) per preset — wall ${((performance.now() - wallStart) / 1000).toFixed(0)} s`,
    `uptime at start: ${uptimeStart}`,
    `uptime at end:   ${uptimeEnd}`,
    `modal: ${MOBILE_THROTTLING.description}; median of ${MODAL_ROUNDS}; ms from navigation (click + click → modal)`,
    `variant | start-up JS / gzip (vs bare) | mobile score, FCP, LCP, TBT, CLS | desktop score, LCP, TBT | modal cold: nav → modal (click + →modal) | modal warm: nav → modal (click + →modal) | 3rd visit: click → modal | cold, a swipe, tapped after ${READING_MS} ms: click → modal | s per Lighthouse run`,
    ...results.map((r) => {
      const m = r.lighthouse.mobile.median;
      const d = r.lighthouse.desktop.median;
      const vs = ratio(r.startupJs.gzipBytes, base?.startupJs.gzipBytes);
      const modal = (t: ModalTiming | undefined): string =>
        t ? `${Math.round(t.modalMs)} (${Math.round(t.clickMs)} + ${Math.round(t.clickToModalMs)})` : "—";
      return [
        r.name,
        `${kib(r.startupJs.gzipBytes)} (${vs === null ? "—" : `${vs.toFixed(2)}×`})`,
        `${m.score}, ${Math.round(m.fcpMs ?? 0)} ms, ${Math.round(m.lcpMs ?? 0)} ms, ${Math.round(m.tbtMs ?? 0)} ms, ${(m.cls ?? 0).toFixed(3)}`,
        `${d.score}, ${Math.round(d.lcpMs ?? 0)} ms, ${Math.round(d.tbtMs ?? 0)} ms`,
        modal(r.modal?.median.cold),
        modal(r.modal?.median.warm),
        r.modal ? `${Math.round(r.modal.median.again.clickToModalMs)}` : "—",
        r.modal ? `${Math.round(r.modal.median.reading.clickToModalMs)}` : "—",
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
