import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser, type Page } from "@playwright/test";
import { formatUnits, getAddress, type Address, type Hash } from "viem";
import { startLocalStack, UNREACHABLE_RPC_URL } from "../scripts/lib/local-stack";
import { startCountingProxy, type CountingProxy } from "../test/integration/localChain";
import { InjectedTestWalletDriver } from "../e2e/wallet/InjectedTestWalletDriver";
import { sleep, waitForQuiet } from "./browser";
import { approveFromNode, chainClients, SELECTORS, type ChainClients } from "./chain";
import {
  CHROME_FLAGS,
  CHROMIUM_PATH,
  NAMES,
  PORTS,
  QUIET_MS,
  ROOT_DIR,
  SEPOLIA_BLOCK_TIME_MS,
  SEPOLIA_IDLE_MS,
} from "./config";
import { log, type Stoppers } from "./lifecycle";
import { MULTICALL3, observeRpc, type SeenMessage } from "./rpcFlows";
import {
  armStakeTiming,
  connectButton,
  dismissResult,
  expectSuccess,
  fillStakeDialog,
  readStakeTimes,
  waitForFigures,
} from "./stakePage";
import { countBy, median } from "./stats";

const SEPOLIA_CHAIN_ID = 11_155_111;
/** The user: Hardhat account 1 (1,000,000 POO); account 0 deployed and owns the pool, as in the sepolia specs. */
const USER_ACCOUNT_INDEX = 1;

/** How often the bench's own block watcher asks the node (directly, not through the counting proxy). */
const WATCH_MS = 50;

/** One block as the bench's own watcher saw it. */
export interface SeenBlock {
  number: number;
  /** The block's timestamp, ms (whole seconds on chain). */
  timestampMs: number;
  /** Wall clock when the watcher first saw it (up to WATCH_MS + one round trip late). */
  seenAtMs: number;
}

export interface SepoliaStakeRun {
  /** batched: with approval, the wallet batching both calls in one transaction (EIP-5792). */
  kind: "withApproval" | "withoutApproval" | "batched";
  warmup: boolean;
  /** Enter click → Success dialog, in the page (performance.now). */
  latencyMs: number;
  /**
   * Physical limit: the block holding the flow's last transaction − Enter (wall clock), the block's
   * time being when the bench's watcher first saw it at the node: the look-alike chain's timestamps
   * are seconds off the wall clock (`chainClockLeadMs`) and have whole seconds only.
   */
  limitMs: number;
  /** latencyMs − limitMs. */
  overLimitMs: number;
  /** The limit from the block's timestamp alone: block timestamp − Enter. */
  limitByTimestampMs: number;
  /** Enter, ms after the last block before it was seen: where in the 12-s cycle the click fell. */
  enterAfterBlockMs: number;
  /** Blocks mined from Enter to the block of the last transaction (1 = the next block). */
  blocksAfterEnter: number;
  transactions: { call: string; hash: Hash; blockNumber: number; status: string }[];
}

export interface SepoliaStakeSeries {
  runs: SepoliaStakeRun[];
  medianLatencyMs: number | null;
  medianLimitMs: number | null;
  /** Median over runs of (latency − limit). */
  medianOverLimitMs: number | null;
  /** Median over runs of latency / limit. */
  medianRatio: number | null;
}

export interface IdleWindow {
  windowMs: number;
  /** JSON-RPC messages the page sent (to the site's gateway or its public RPC): the app's own pacing. */
  messages: number;
  perMinute: number;
  byMethod: Record<string, number>;
  /** What reached the provider meanwhile: the gateway's relayed reads and its head questions. */
  provider: { messages: number; perMinute: number; byMethod: Record<string, number> };
  snapshotReads: number;
  /** New blocks mined during the window. */
  newBlocks: number;
  ethCalls: Record<string, number>;
  /**
   * Each snapshot read of the window: the newest block the bench had seen by then, and how long before
   * the read it saw it (two reads for one block: the second was a re-read that found nothing new).
   */
  readsAfterBlock: { block: number; afterMs: number }[];
}

export interface SepoliaResults {
  blockTimeMs: number;
  /** Median over the phase's blocks of (timestamp − when the bench saw it): how far the chain's clock is off the wall clock. */
  chainClockLeadMs: number | null;
  /** The bench's block watcher polls the node this often. */
  watchMs: number;
  browser: string;
  chainId: number;
  stakingContract: string;
  /** Where the app's reads go: the site's gateway, which relays to `providers` in order; `public` when it does not answer. */
  appRpc: { gateway: string; providers: string[]; public: string };
  stake: {
    withApproval: SepoliaStakeSeries;
    withoutApproval: SepoliaStakeSeries;
    batched: SepoliaStakeSeries;
  };
  idle: {
    visible: IdleWindow;
    hidden: IdleWindow & {
      /** document.visibilityState of the app's page during the window, as read in the page. */
      visibilityState: string;
      /** visibilitychange events the page saw, in order (hidden, then visible on return). */
      visibilityEvents: string[];
      how: string;
    };
    /** Messages the page sent within 3 s of the tab coming back (refetch on focus). */
    onReturn: { messages: number; byMethod: Record<string, number> };
  };
  wallMs: number;
}

/** Polls the node's block number every WATCH_MS and records each block's timestamp and when it appeared. */
function watchBlocks(clients: ChainClients): {
  blocks: Map<number, SeenBlock>;
  latest(): SeenBlock | undefined;
  waitForBlockAfter(number: number, timeoutMs: number): Promise<SeenBlock>;
  stop(): void;
} {
  const blocks = new Map<number, SeenBlock>();
  let latest: SeenBlock | undefined;
  let stopped = false;
  void (async () => {
    while (!stopped) {
      try {
        const n = Number(await clients.publicClient.getBlockNumber({ cacheTime: 0 }));
        const seenAtMs = Date.now();
        if (!latest || n > latest.number) {
          // Blocks skipped between two polls (none at 12 s) get the same "seen" time.
          for (let k = latest ? latest.number + 1 : n; k <= n; k++) {
            const block = await clients.publicClient.getBlock({ blockNumber: BigInt(k) });
            const seen = { number: k, timestampMs: Number(block.timestamp) * 1000, seenAtMs };
            blocks.set(k, seen);
            latest = seen;
          }
        }
      } catch {
        // The node is stopping, or busy: try again.
      }
      await sleep(WATCH_MS);
    }
  })();
  return {
    blocks,
    latest: () => latest,
    async waitForBlockAfter(number, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (latest && latest.number > number) return latest;
        await sleep(20);
      }
      throw new Error(`no block after ${number} within ${timeoutMs} ms`);
    },
    stop: () => {
      stopped = true;
    },
  };
}

/**
 * Our own headless Chromium, driven through CDP with Playwright's default overrides off: Playwright's
 * focus emulation keeps every page it drives "visible", whereas a tab of this browser goes hidden
 * (visibilitychange, timers throttled) when another tab of its window is in front, as in a desktop
 * browser. The phase also uses it for the stakes.
 */
async function startOwnChromium(stoppers: Stoppers, workDir: string): Promise<Browser> {
  // Inside the bench's build folder, removed at the very end (Chromium's helpers write to it as it exits).
  const userDataDir = mkdtempSync(path.join(workDir, "chrome-"));
  const child = spawn(
    CHROMIUM_PATH,
    [
      ...CHROME_FLAGS,
      // Playwright's desktop viewport: narrower, RainbowKit shows its mobile wallet list.
      "--window-size=1280,720",
      "--remote-debugging-address=127.0.0.1",
      `--remote-debugging-port=${PORTS.sepoliaChrome}`,
      `--user-data-dir=${userDataDir}`,
      "about:blank",
    ],
    { stdio: "ignore" },
  );
  stoppers.add(`Chromium (pid ${child.pid})`, async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await Promise.race([exited, sleep(5_000)]);
      if (child.exitCode === null) child.kill("SIGKILL");
    }
  });
  const endpoint = `http://127.0.0.1:${PORTS.sepoliaChrome}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const up = await fetch(`${endpoint}/json/version`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline || child.exitCode !== null)
      throw new Error(`Chromium did not open its debugging port ${PORTS.sepoliaChrome}`);
    await sleep(200);
  }
  const browser = await chromium.connectOverCDP(endpoint, { noDefaults: true });
  stoppers.add("Chromium (CDP connection)", () => browser.close());
  return browser;
}

const VISIBILITY_LOG_SCRIPT = `(() => {
  window.__benchVisibility = [];
  document.addEventListener("visibilitychange", () => window.__benchVisibility.push(document.visibilityState));
})()`;

async function idleWindow(
  proxy: CountingProxy,
  seen: SeenMessage[],
  watcher: ReturnType<typeof watchBlocks>,
  windowMs: number,
): Promise<IdleWindow> {
  proxy.reset();
  const started = Date.now();
  const fromBlock = watcher.latest()?.number ?? 0;
  await sleep(windowMs);
  const provider = { messages: proxy.methods.length, byMethod: countBy(proxy.methods) };
  const inWindow = seen.filter((m) => m.at >= started && m.at < started + windowMs);
  const messages = inWindow.length;
  const byMethod = countBy(inWindow.map((m) => m.method));
  const snapshotReads = inWindow.filter((m) => m.snapshot);
  // The watcher adds blocks in ascending order: the last one seen by a read's time is its block.
  const seenBlocks = [...watcher.blocks.values()];
  const readsAfterBlock = snapshotReads.map((m) => {
    const block = seenBlocks.filter((b) => b.seenAtMs <= m.at).at(-1);
    return { block: block?.number ?? -1, afterMs: block ? m.at - block.seenAtMs : 0 };
  });
  return {
    windowMs,
    messages,
    perMinute: (messages * 60_000) / windowMs,
    byMethod,
    provider: { ...provider, perMinute: (provider.messages * 60_000) / windowMs },
    snapshotReads: snapshotReads.length,
    newBlocks: (watcher.latest()?.number ?? fromBlock) - fromBlock,
    ethCalls: countBy(inWindow.filter((m) => m.call !== undefined).map((m) => m.call as string)),
    readsAfterBlock,
  };
}

function series(runs: SepoliaStakeRun[]): SepoliaStakeSeries {
  const measured = runs.filter((r) => !r.warmup);
  return {
    runs,
    medianLatencyMs: median(measured.map((r) => r.latencyMs)),
    medianLimitMs: median(measured.map((r) => r.limitMs)),
    medianOverLimitMs: median(measured.map((r) => r.overLimitMs)),
    medianRatio: median(measured.map((r) => r.latencyMs / r.limitMs)),
  };
}

/**
 * Phase sepolia: the Sepolia look-alike (chain id 11155111, a block every 12 s, no automine, the
 * reference pool) and the app built for Sepolia, reading through the API's gateway, whose first
 * provider is a closed port, so every read goes to its second: a counting proxy (also the app's
 * public RPC, which it would read if the gateway did not answer). Measures, on one connected page:
 * 1. idle JSON-RPC messages per minute with the tab visible, then hidden (another tab in front);
 * 2. Enter → Success of stakes with and without approval, and with approval batched by the wallet
 *    (its EIP-5792 switch on: one transaction), against the physical limit, the time from Enter to
 *    the block holding the flow's last transaction.
 */
export async function measureSepolia(options: {
  stoppers: Stoppers;
  workDir: string;
  /** Compile the contracts first (when no other phase's stack did). */
  compile: boolean;
  runs: number;
}): Promise<SepoliaResults> {
  const started = Date.now();
  const { stoppers, workDir } = options;
  // startLocalStack and the API read these from process.env; the other phases' builds must not inherit them.
  const envKeys = [
    "VITE_CHAINS",
    "VITE_SEPOLIA_RPC_URL",
    "VITE_SEPOLIA_FALLBACK_RPC_URL",
    "VITE_LOCAL_TEST_WALLET",
    "POO_DEPLOYMENTS_DIR",
    "POO_API_PROXY_TARGET",
    "DATABASE_PATH",
    "NODE_ENV",
  ];
  const savedEnv = Object.fromEntries(envKeys.map((k) => [k, process.env[k]]));
  const restoreEnv = (): void => {
    for (const [key, value] of Object.entries(savedEnv)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  };
  process.env.DATABASE_PATH = path.join(workDir, "sepolia.sqlite");
  // An earlier phase's Vite build left NODE_ENV=production in this process, and the API refuses a
  // development configuration (no secrets, sample prices) in production; its own build sets it again.
  delete process.env.NODE_ENV;

  // Set by the stack's callback (a holder: TypeScript does not follow assignments in callbacks).
  const started_: { proxy?: CountingProxy } = {};
  let stack: Awaited<ReturnType<typeof startLocalStack>>;
  try {
    stack = await startLocalStack({
      rootDir: ROOT_DIR,
      chainPort: PORTS.sepoliaChain,
      apiPort: PORTS.sepoliaApi,
      webPort: PORTS.sepoliaWeb,
      web: "preview",
      outDir: path.join(workDir, "sepolia-app"),
      skipCompile: !options.compile,
      stakingContract: "ReferenceStaking",
      deploymentsDir: path.join(workDir, "sepolia-deployments"),
      providerRpcUrls: async (chainUrl) => {
        started_.proxy = await startCountingProxy(chainUrl, { port: PORTS.sepoliaProxy });
        return [started_.proxy.url];
      },
      sepolia: { blockTimeMs: SEPOLIA_BLOCK_TIME_MS, publicRpcUrl: () => started_.proxy!.url },
      log: (m) => log("sepolia", m),
    });
  } finally {
    restoreEnv();
    const { proxy } = started_;
    if (proxy) stoppers.add("sepolia counting proxy", () => proxy.close());
  }
  stoppers.add("sepolia stack (chain, API, preview)", () => stack.stop());
  const fallback = started_.proxy;
  if (!fallback || !stack.webUrl)
    throw new Error("the Sepolia look-alike started without its proxy or web app");

  const clients = chainClients(stack.chainUrl, SEPOLIA_CHAIN_ID);
  const pooToken = getAddress(stack.deployment.pooToken);
  const staking = getAddress(stack.deployment.staking);
  const account = getAddress(stack.accounts[USER_ACCOUNT_INDEX] as Address);
  const minStake = BigInt(stack.deployment.minStake ?? "100000000000000000000");
  const quantityText = formatUnits(minStake, 18);
  const watcher = watchBlocks(clients);
  stoppers.add("sepolia block watcher", async () => watcher.stop());

  const browser = await startOwnChromium(stoppers, workDir);
  const context = browser.contexts()[0];
  if (!context) throw new Error("Chromium has no default context");
  const wallet = new InjectedTestWalletDriver({
    rpcUrl: stack.chainUrl,
    nodeChainId: SEPOLIA_CHAIN_ID,
    accountIndex: USER_ACCOUNT_INDEX,
  });
  // The wallet's in-page script is a function serialised by Playwright; under tsx it calls esbuild's
  // __name helper (keepNames), which the page lacks: define it first (init scripts run in order).
  await context.addInitScript("globalThis.__name ??= (target) => target;");
  await wallet.install(context);
  const page = context.pages()[0] ?? (await context.newPage());
  const names = new Map<string, string>([
    [pooToken.toLowerCase(), "POO"],
    [getAddress(stack.deployment.crapToken).toLowerCase(), "CRAP"],
    [staking.toLowerCase(), "Staking"],
    [MULTICALL3.toLowerCase(), "Multicall3"],
  ]);
  const gatewayUrl = `${stack.webUrl}/api/rpc/${SEPOLIA_CHAIN_ID}`;
  const seen = observeRpc(page, [gatewayUrl, fallback.url], names);

  try {
    await page.goto(`${stack.webUrl}/`, { waitUntil: "load" });
    await connectButton(page).click({ timeout: 30_000 });
    await page.getByRole("button", { name: NAMES.injectedWallet, exact: true }).click({ timeout: 30_000 });
    await wallet.approveConnection({ timeoutMs: 30_000 });
    await waitForFigures(page, 60_000);
  } catch (error) {
    const file = path.join(os.tmpdir(), `poo-bench-sepolia-${Date.now()}.png`);
    await page.screenshot({ path: file }).catch(() => undefined);
    const buttons = await page
      .getByRole("button")
      .allInnerTexts()
      .catch(() => []);
    log("sepolia", `connecting failed; screenshot ${file}; buttons: ${buttons.join(" | ")}`);
    throw error;
  }
  await waitForQuiet(() => seen.length, QUIET_MS, 15_000);

  // 1. Idle, connected: tab in front, then behind another tab of the same window.
  // The window starts right after a snapshot read, so it holds one read per block mined in it.
  const since = Date.now();
  while (!seen.some((m) => m.at >= since && m.snapshot) && Date.now() - since < 3 * SEPOLIA_BLOCK_TIME_MS)
    await sleep(20);
  await waitForQuiet(() => seen.length, 150, 2_000);
  log("sepolia", `idle, tab visible (${SEPOLIA_IDLE_MS / 1000} s)`);
  const visible = await idleWindow(fallback, seen, watcher, SEPOLIA_IDLE_MS);
  await page.evaluate(VISIBILITY_LOG_SCRIPT);
  const other = await context.newPage();
  await other.bringToFront();
  const hiddenState = String(await page.evaluate("document.visibilityState"));
  if (hiddenState !== "hidden")
    throw new Error(`the app's tab is "${hiddenState}" behind another tab, expected "hidden"`);
  log("sepolia", `idle, tab hidden (${SEPOLIA_IDLE_MS / 1000} s)`);
  const hiddenWindow = await idleWindow(fallback, seen, watcher, SEPOLIA_IDLE_MS);
  const stillHidden = String(await page.evaluate("document.visibilityState"));
  const returnedAt = Date.now();
  await page.bringToFront();
  await sleep(3_000);
  const onReturnSeen = seen.filter((m) => m.at >= returnedAt).map((m) => m.method);
  const onReturn = { messages: onReturnSeen.length, byMethod: countBy(onReturnSeen) };
  const visibilityEvents = (await page.evaluate("window.__benchVisibility")) as string[];
  await other.close();
  if ((await page.evaluate("document.visibilityState")) !== "visible")
    throw new Error("the app's tab did not come back to visible");

  // 2. Stakes. Enter falls at spread points of the 12-s cycle; each kind gets the same points.
  const offsets = Array.from(
    { length: options.runs },
    (_, i) => 2_000 + Math.round(((i + 0.5) / options.runs) * (SEPOLIA_BLOCK_TIME_MS - 3_000)),
  );
  const runs: SepoliaStakeRun[] = [];
  const plan: { kind: SepoliaStakeRun["kind"]; warmup: boolean; offsetMs: number }[] = [
    { kind: "withApproval", warmup: true, offsetMs: 6_000 },
    // The first batch also upgrades the account (EIP-7702): kept out of the median.
    { kind: "batched", warmup: true, offsetMs: 6_000 },
    ...offsets.flatMap((offsetMs) => [
      { kind: "withoutApproval" as const, warmup: false, offsetMs },
      { kind: "withApproval" as const, warmup: false, offsetMs },
      { kind: "batched" as const, warmup: false, offsetMs },
    ]),
  ];
  for (const [i, step] of plan.entries()) {
    if (step.kind === "withoutApproval") {
      // Outside the timing: the allowance for exactly this stake, signed by the node, mined.
      await approveFromNode(clients, pooToken, account, staking, minStake);
    }
    wallet.controller.setBatching(step.kind === "batched" ? "supported" : "off");
    const run = await timeOneSepoliaStake(page, wallet, clients, watcher, step, quantityText);
    runs.push(run);
    log(
      "sepolia",
      `stake ${i + 1}/${plan.length} ${step.kind}${step.warmup ? " (warm-up)" : ""}: ${Math.round(run.latencyMs)} ms, limit ${Math.round(run.limitMs)} ms, over ${Math.round(run.overLimitMs)} ms (Enter ${run.enterAfterBlockMs} ms after a block; ${run.transactions.map((t) => `${t.call}@${t.blockNumber}`).join(" ")})`,
    );
  }

  const blocks = [...watcher.blocks.values()].slice(1); // the first was there before the watcher
  return {
    blockTimeMs: SEPOLIA_BLOCK_TIME_MS,
    chainClockLeadMs: median(blocks.map((b) => b.timestampMs - b.seenAtMs)),
    watchMs: WATCH_MS,
    browser: `Chromium ${browser.version()}`,
    chainId: SEPOLIA_CHAIN_ID,
    stakingContract: "ReferenceStaking",
    appRpc: { gateway: gatewayUrl, providers: [UNREACHABLE_RPC_URL, fallback.url], public: fallback.url },
    stake: {
      withApproval: series(runs.filter((r) => r.kind === "withApproval")),
      withoutApproval: series(runs.filter((r) => r.kind === "withoutApproval")),
      batched: series(runs.filter((r) => r.kind === "batched")),
    },
    idle: {
      visible,
      hidden: {
        ...hiddenWindow,
        visibilityState: stillHidden,
        visibilityEvents,
        how: "another tab of the same window brought to front (Chromium started by the bench, CDP without Playwright's focus emulation)",
      },
      onReturn,
    },
    wallMs: Date.now() - started,
  };
}

async function timeOneSepoliaStake(
  page: Page,
  wallet: InjectedTestWalletDriver,
  clients: ChainClients,
  watcher: ReturnType<typeof watchBlocks>,
  step: { kind: SepoliaStakeRun["kind"]; warmup: boolean; offsetMs: number },
  quantityText: string,
): Promise<SepoliaStakeRun> {
  const sentBefore = (await wallet.sentTransactions()).length;
  await waitForFigures(page);
  const enter = await fillStakeDialog(page, quantityText);
  // Click at `offsetMs` after a block appeared: this one's if still ahead, else the next one's.
  let block = watcher.latest();
  if (!block) throw new Error("the block watcher has seen no block");
  if (Date.now() > block.seenAtMs + step.offsetMs - 100) {
    block = await watcher.waitForBlockAfter(block.number, 2 * SEPOLIA_BLOCK_TIME_MS);
  }
  await sleep(Math.max(0, block.seenAtMs + step.offsetMs - Date.now()));
  await armStakeTiming(page);
  await enter.click();
  await expectSuccess(page, NAMES.stakeSuccess, 90_000);
  const times = await readStakeTimes(page);
  await dismissResult(page);
  if (!times) throw new Error("the in-page timer saw no Enter click or no Success dialog");

  const sent = (await wallet.sentTransactions()).slice(sentBefore);
  const transactions = await Promise.all(
    sent.map(async (tx) => {
      const receipt = await clients.publicClient.getTransactionReceipt({ hash: tx.hash });
      return {
        call: tx.batchId
          ? "batch"
          : (SELECTORS[(tx.data ?? "0x").slice(0, 10)] ?? (tx.data ?? "0x").slice(0, 10)),
        hash: tx.hash,
        blockNumber: Number(receipt.blockNumber),
        status: receipt.status,
      };
    }),
  );
  const calls = transactions.map((t) => `${t.call} (${t.status})`).join(", ");
  const expected = {
    withApproval: "approve (success), stake (success)",
    withoutApproval: "stake (success)",
    batched: "batch (success)",
  }[step.kind];
  if (calls !== expected)
    throw new Error(`stake ${step.kind}: the app sent ${calls || "nothing"}, expected ${expected}`);

  const last = transactions[transactions.length - 1] as (typeof transactions)[number];
  let lastBlock: SeenBlock | undefined = watcher.blocks.get(last.blockNumber);
  if (!lastBlock) {
    const block = await clients.publicClient.getBlock({ blockNumber: BigInt(last.blockNumber) });
    lastBlock = {
      number: last.blockNumber,
      timestampMs: Number(block.timestamp) * 1000,
      seenAtMs: Number.NaN,
    };
  }
  if (Number.isNaN(lastBlock.seenAtMs)) throw new Error(`the block watcher missed block ${last.blockNumber}`);
  const before = [...watcher.blocks.values()].filter((b) => b.seenAtMs <= times.enterAtMs).at(-1);
  const limitMs = lastBlock.seenAtMs - times.enterAtMs;
  return {
    kind: step.kind,
    warmup: step.warmup,
    latencyMs: times.durationMs,
    limitMs,
    overLimitMs: times.durationMs - limitMs,
    limitByTimestampMs: lastBlock.timestampMs - times.enterAtMs,
    enterAfterBlockMs: before ? times.enterAtMs - before.seenAtMs : Number.NaN,
    blocksAfterEnter: before ? last.blockNumber - before.number : Number.NaN,
    transactions,
  };
}
