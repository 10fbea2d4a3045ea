/**
 * `npm run bench` (tsx bench/run.ts): builds the app and the bare RainbowKit app, measures start-up
 * JS, Lighthouse, JSON-RPC traffic, stake latency and gas in one run, prints a table and writes
 * bench/results/<timestamp>.json and bench/results/latest.json. See bench/README.md.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { formatUnits, getAddress, type Address } from "viem";
import { startBenchStack, type BenchStack } from "./benchStack";
import type { Browser } from "@playwright/test";
import { launchBrowser } from "./browser";
import { chainClients, revertAndSnapshot } from "./chain";
import { startupComposition } from "./composition";
import { installAbortHandlers, log, Stoppers } from "./lifecycle";
import {
  ACTIVITY_BLOCKS,
  LATENCY_RUNS,
  LIGHTHOUSE_RUNS,
  MODAL_RUNS,
  PORTS,
  RESULTS_DIR,
  ROOT_DIR,
  SELECTED_PHASES,
  SERVE_CONNECTIONS,
  SERVE_SECONDS,
  type Phase,
} from "./config";
import {
  killActiveChrome,
  lighthouseWithRetry,
  summarize,
  type LighthouseRun,
  type Preset,
} from "./lighthouseRuns";
import { measureConnectModal } from "./connectModal";
import { measureGatewayTabs } from "./gatewayTabs";
import { judgeTargets, renderTable, type BenchResult, type Page } from "./report";
import { measureRpc } from "./rpcFlows";
import { measureSepolia } from "./sepolia";
import { measureActivityHistory } from "./activityHistory";
import { measureServe } from "./serveLoad";
import { buildAndPreviewBare, buildAndPreviewOurs } from "./servers";
import { measureStakeLatency } from "./stakeLatency";
import { measureStartupJs } from "./startupJs";

function git(args: string[]): string {
  try {
    return execFileSync("git", args, {
      cwd: ROOT_DIR,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    return "";
  }
}

function packageVersion(name: string): string {
  try {
    const file = path.join(ROOT_DIR, "node_modules", name, "package.json");
    return (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version;
  } catch {
    return "?";
  }
}

async function main(stoppers: Stoppers): Promise<number> {
  const wallStart = performance.now();
  process.chdir(ROOT_DIR);
  const startedAt = new Date();
  const loadStart = os.loadavg();
  // What the builds below are made of: the tree now, not after the run (a commit or an edit meanwhile).
  const commit = git(["rev-parse", "--short", "HEAD"]);
  const uncommittedPaths = git(["status", "--porcelain"]).split("\n").filter(Boolean).length;
  const errors: BenchResult["errors"] = [];
  const buildsMs: Record<string, number> = {};
  const notes: string[] = [];
  const partial: Omit<BenchResult, "meta" | "targets" | "errors"> = {};

  /** Runs one measurement; a failure is recorded and the run goes on with the next one. */
  async function phase<T>(name: Phase, run: () => Promise<T>): Promise<T | undefined> {
    if (!SELECTED_PHASES.has(name)) {
      notes.push(`Phase ${name} skipped (BENCH_PHASES).`);
      return undefined;
    }
    const t0 = performance.now();
    log(name, "start");
    try {
      const value = await run();
      log(name, `done in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      return value;
    } catch (error) {
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      log(name, `FAILED: ${message}`);
      errors.push({ phase: name, message: message.split("\n")[0] ?? message });
      return undefined;
    }
  }

  // Only what the selected phases use is started and built (BENCH_PHASES=sepolia needs none of it).
  const wants = (...phases: Phase[]): boolean => phases.some((p) => SELECTED_PHASES.has(p));
  const localPhases = wants("startup-js", "lighthouse", "connect-modal", "json-rpc", "stake-latency");
  let workDir: string | undefined;
  let local: Awaited<ReturnType<typeof startLocalPhases>> | undefined;
  if (localPhases) {
    // The chain (with contracts and Multicall3) and the API; the web apps are built below.
    const bench = await startBenchStack(stoppers, "poo-bench-");
    workDir = bench.workDir;
    local = await startLocalPhases(bench.workDir, bench.stack, bench.proxy);
  } else {
    workDir = mkdtempSync(path.join(os.tmpdir(), "poo-bench-"));
    const dir = workDir;
    stoppers.add(`build dir ${dir}`, async () => rmSync(dir, { recursive: true, force: true }));
  }

  async function startLocalPhases(dir: string, stack: BenchStack["stack"], proxy: BenchStack["proxy"]) {
    const clients = chainClients(stack.chainUrl);
    const timed = async <T extends { buildMs: number }>(
      name: string,
      build: () => Promise<T & { close(): Promise<void> }>,
      needed: boolean,
    ): Promise<(T & { close(): Promise<void> }) | undefined> => {
      if (!needed) return undefined;
      const value = await build();
      stoppers.add(`preview ${name}`, () => value.close());
      buildsMs[name] = Math.round(value.buildMs);
      log("build", `${name}: built in ${(value.buildMs / 1000).toFixed(1)} s`);
      return value;
    };
    const ours = await timed(
      "ours",
      () =>
        buildAndPreviewOurs({
          outDir: path.join(dir, "ours"),
          port: PORTS.web,
          rpcUrl: stack.chainUrl,
          apiUrl: stack.apiUrl,
        }),
      wants("startup-js", "lighthouse", "connect-modal", "stake-latency"),
    );
    const oursCounting = await timed(
      "ours (RPC via proxy)",
      () =>
        buildAndPreviewOurs({
          outDir: path.join(dir, "ours-counting"),
          port: PORTS.webCounting,
          rpcUrl: proxy.url,
          apiUrl: stack.apiUrl,
        }),
      wants("json-rpc"),
    );
    const bare = await timed(
      "bare",
      () =>
        buildAndPreviewBare({
          outDir: path.join(dir, "bare"),
          port: PORTS.bare,
          rpcUrl: stack.chainUrl,
          variant: "injected",
        }),
      wants("startup-js", "lighthouse", "connect-modal"),
    );
    const bareDefault = await timed(
      "bare (getDefaultConfig)",
      () =>
        buildAndPreviewBare({
          outDir: path.join(dir, "bare-default"),
          port: PORTS.bareDefault,
          rpcUrl: stack.chainUrl,
          variant: "default",
        }),
      wants("startup-js"),
    );
    return {
      stack,
      proxy,
      clients,
      ours,
      oursCounting,
      bare,
      bareDefault,
      // Each chain phase starts from the freshly deployed state.
      cleanChain: await clients.testClient.snapshot(),
    };
  }

  /** The local stack's parts a phase needs; they exist whenever that phase is selected. */
  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} was not started`);
    return value;
  };
  const stack = local?.stack;
  const account = stack ? getAddress(stack.accounts[0] as Address) : undefined;
  const minStake = BigInt(stack?.deployment.minStake ?? "100000000000000000000");
  const minStakeDuration = BigInt(stack?.deployment.minStakeDuration ?? "86400");
  const stakeQuantityText = formatUnits(minStake, 18);

  let browserInstance: Browser | undefined;
  let chromium = "Chromium ?";
  const browser = async (): Promise<Browser> => {
    if (!browserInstance) {
      browserInstance = await launchBrowser();
      const started = browserInstance;
      stoppers.add("browser", () => started.close());
      chromium = `Chromium ${started.version()}`;
    }
    return browserInstance;
  };
  stoppers.add("Lighthouse's Chrome", killActiveChrome);

  // 1. Start-up JS.
  partial.startupJs = await phase("startup-js", async () => {
    const ours = need(local?.ours, "the app's build");
    const bare = need(local?.bare, "the bare app's build");
    const bareDefault = need(local?.bareDefault, "the bare app's getDefaultConfig build");
    const oursRoot = await measureStartupJs(await browser(), `${ours.url}/`);
    const oursLaunch = await measureStartupJs(await browser(), `${ours.url}/launch`);
    const bareRoot = await measureStartupJs(await browser(), `${bare.url}/`);
    const bareDefaultRoot = await measureStartupJs(await browser(), `${bareDefault.url}/`);
    for (const m of [oursRoot, oursLaunch, bareRoot, bareDefaultRoot]) {
      if (!m.reachedIdle)
        notes.push(`${m.url} never reached network idle; its start-up JS is what came in 30 s.`);
    }
    return {
      ours: { "/": oursRoot, "/launch": oursLaunch } as Record<Page, typeof oursRoot>,
      bare: bareRoot,
      bareDefault: bareDefaultRoot,
      composition: {
        ours: startupComposition(
          ours.outDir,
          oursRoot.files.map((f) => f.file),
        ),
        bare: startupComposition(
          bare.outDir,
          bareRoot.files.map((f) => f.file),
        ),
      },
    };
  });

  // 2. Lighthouse; the targets alternate so that load drifts on this shared machine hit all alike.
  partial.lighthouse = await phase("lighthouse", async () => {
    const ours = need(local?.ours, "the app's build");
    const bare = need(local?.bare, "the bare app's build");
    const targets = [
      { key: "ours /", url: `${ours.url}/` },
      { key: "ours /launch", url: `${ours.url}/launch` },
      { key: "bare /", url: `${bare.url}/` },
    ];
    const runs = new Map<string, LighthouseRun[]>();
    for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
      for (const preset of ["mobile", "desktop"] as const) {
        for (const target of targets) {
          const key = `${preset} ${target.key}`;
          const run = await lighthouseWithRetry(target.url, preset);
          log(
            "lighthouse",
            `${key} #${i + 1}: score ${run.score}, LCP ${Math.round(run.lcpMs ?? 0)} ms, TBT ${Math.round(run.tbtMs ?? 0)} ms (run took ${(run.wallMs / 1000).toFixed(1)} s)`,
          );
          if (run.retriedAfter) notes.push(`Lighthouse ${key} #${i + 1} run again after ${run.retriedAfter}`);
          if (run.runtimeError)
            notes.push(`Lighthouse ${key} #${i + 1}: ${run.runtimeError} (left out of the median)`);
          runs.set(key, [...(runs.get(key) ?? []), run]);
        }
      }
    }
    for (const [key, list] of runs) {
      const warned = new Map<string, number>();
      for (const warning of list.flatMap((r) => r.warnings))
        warned.set(warning, (warned.get(warning) ?? 0) + 1);
      for (const [warning, n] of warned)
        notes.push(`Lighthouse ${key}, ${n} of ${list.length} runs: "${warning}"`);
    }
    const get = (preset: Preset, key: string, url: string) =>
      summarize(key, url, preset, runs.get(`${preset} ${key}`) ?? []);
    const byPreset = (preset: Preset) => ({
      "/": get(preset, "ours /", `${ours.url}/`),
      "/launch": get(preset, "ours /launch", `${ours.url}/launch`),
    });
    return {
      ours: { mobile: byPreset("mobile"), desktop: byPreset("desktop") },
      bare: {
        mobile: get("mobile", "bare /", `${bare.url}/`),
        desktop: get("desktop", "bare /", `${bare.url}/`),
      },
    };
  });

  // 2b. Navigation → wallet modal under mobile throttling, ours and the bare app alternating.
  partial.connectModal = await phase("connect-modal", async () =>
    measureConnectModal({
      browser: await browser(),
      oursUrl: `${need(local?.ours, "the app's build").url}/`,
      bareUrl: `${need(local?.bare, "the bare app's build").url}/`,
      runs: MODAL_RUNS,
      log: (message) => log("connect-modal", message),
    }),
  );

  // 3. JSON-RPC counts, on the build whose RPC goes through the counting proxy.
  partial.rpc = await phase("json-rpc", async () => {
    const l = need(local, "the local stack");
    l.cleanChain = await revertAndSnapshot(l.clients, l.cleanChain);
    return measureRpc({
      browser: await browser(),
      webUrl: `${need(l.oursCounting, "the counting build").url}/`,
      proxy: l.proxy,
      clients: l.clients,
      account: need(account, "the account"),
      pooToken: getAddress(l.stack.deployment.pooToken),
      crapToken: getAddress(l.stack.deployment.crapToken),
      staking: getAddress(l.stack.deployment.staking),
      stakeQuantity: minStake,
      stakeQuantityText,
      minStakeDuration,
    });
  });

  // 4. Stake latency, on the build that talks to the chain directly.
  partial.latency = await phase("stake-latency", async () => {
    const l = need(local, "the local stack");
    l.cleanChain = await revertAndSnapshot(l.clients, l.cleanChain);
    return measureStakeLatency({
      browser: await browser(),
      webUrl: `${need(l.ours, "the app's build").url}/`,
      clients: l.clients,
      account: need(account, "the account"),
      pooToken: getAddress(l.stack.deployment.pooToken),
      staking: getAddress(l.stack.deployment.staking),
      stakeQuantity: minStake,
      stakeQuantityText,
      runs: LATENCY_RUNS,
    });
  });

  // 7. `npm run serve` beside nginx on the same build of the app.
  partial.serve = await phase("serve", () =>
    measureServe({
      stoppers,
      workDir: need(workDir, "the build folder"),
      chainUrl: stack?.chainUrl,
      connections: SERVE_CONNECTIONS,
      durationS: SERVE_SECONDS,
      log: (message) => log("serve", message),
    }),
  );

  // 6. 12-second blocks: the Sepolia look-alike with the app built for Sepolia, on ports of its own.
  partial.sepolia = await phase("sepolia", () =>
    measureSepolia({
      stoppers,
      workDir: need(workDir, "the build folder"),
      compile: !localPhases,
      runs: LATENCY_RUNS,
    }),
  );

  // 8. "Your activity" on an old chain: the indexer against the chain scan, and the indexer's backfill.
  partial.activity = await phase("activity", () => {
    const activityDir = mkdtempSync(path.join(os.tmpdir(), "poo-bench-activity-"));
    stoppers.add(`build dir ${activityDir}`, async () =>
      rmSync(activityDir, { recursive: true, force: true }),
    );
    return measureActivityHistory({
      stoppers,
      workDir: activityDir,
      blocks: ACTIVITY_BLOCKS,
      log: (message) => log("activity", message),
    });
  });

  // 9. Provider requests per block for N tabs, straight to the provider and through the gateway.
  partial.gateway = await phase("rpc-gateway", () =>
    measureGatewayTabs({
      stoppers,
      workDir: need(workDir, "the build folder"),
      compile: !localPhases && !SELECTED_PHASES.has("sepolia"),
    }),
  );

  // 5. Gas, from the receipts of the JSON-RPC phase (and the latency runs when that phase failed).
  const txs = [
    ...(partial.rpc?.stakeWithApproval.transactions ?? []),
    ...(partial.rpc?.unstake.transactions ?? []),
    ...(partial.latency?.withApproval.lastRunTransactions ?? []),
  ];
  const gasOf = (call: string): number | null =>
    txs.find((tx) => tx.call === call && tx.status === "success")?.gasUsed ?? null;
  partial.gas = {
    approve: gasOf("approve"),
    "stake (first stake of the account)": gasOf("stake"),
    withdraw: gasOf("withdraw"),
  };

  await stoppers.stopAll();

  const result: BenchResult = {
    meta: {
      startedAt: startedAt.toISOString(),
      wallMs: Math.round(performance.now() - wallStart),
      commit,
      uncommittedPaths,
      node: process.version,
      chromium: chromium === "Chromium ?" && partial.sepolia ? partial.sepolia.browser : chromium,
      lighthouse: packageVersion("lighthouse"),
      cpus: os.cpus().length,
      loadAverage: { start: loadStart, end: os.loadavg() },
      bareApp:
        "RainbowKit connectorsForWallets with the injected wallet only (no WalletConnect), wagmi createConfig, one ConnectButton",
      bareAppSecond:
        "RainbowKit getDefaultConfig (Safe, Rainbow, Coinbase, MetaMask, WalletConnect) with a placeholder project id",
      buildsMs,
      ports: PORTS,
      notes,
    },
    ...partial,
    targets: [],
    errors,
  };
  result.targets = judgeTargets(result);
  const table = renderTable(result);
  console.log(`\n${table}\n`);

  const stamp = startedAt.toISOString().replace(/[:.]/g, "-");
  const json = `${JSON.stringify({ ...result, table }, null, 2)}\n`;
  mkdirSync(RESULTS_DIR, { recursive: true });
  for (const name of [`${stamp}.json`, "latest.json"]) {
    const file = path.join(RESULTS_DIR, name);
    writeFileSync(`${file}.tmp`, json);
    renameSync(`${file}.tmp`, file);
  }
  log("results", `bench/results/${stamp}.json and bench/results/latest.json`);
  return errors.length > 0 ? 1 : 0;
}

const stoppers = new Stoppers();
installAbortHandlers(stoppers);

main(stoppers)
  .then(async (code) => {
    await stoppers.stopAll();
    process.exit(code);
  })
  .catch(async (error: unknown) => {
    log("bench", `failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    await stoppers.stopAll();
    process.exit(1);
  });
