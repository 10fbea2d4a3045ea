import path from "node:path";
import { performance } from "node:perf_hooks";
import { createPublicClient, createWalletClient, http, parseEther, type Address } from "viem";
import { hardhat } from "viem/chains";
import { startLocalStack } from "../scripts/lib/local-stack";
import { launchIndexer } from "../scripts/lib/startIndexer";
import { erc20Abi, specStakingAbi } from "../src/adapters/chain/specStakingAbi";
import { ageChain } from "../e2e/support/e2eStack";
import { startCountingProxy } from "../test/integration/localChain";
import { launchBrowser } from "./browser";
import { ROOT_DIR } from "./config";
import type { Stoppers } from "./lifecycle";
import { connectLocalWallet, waitForFigures } from "./stakePage";

/** Phase activity's ports (its own range: it runs beside nothing else of the bench). */
export const ACTIVITY_PORTS = { chain: 9260, proxy: 9261, indexer: 9262, webIndexer: 9263, webScan: 9264 };
/** How long the page's provider takes to answer each request. */
const PROVIDER_LATENCY_MS = 100;
/** What a paid provider serves per eth_getLogs (and the app's gateway). */
const LOG_RANGE_CAP = 10_000;

export interface ActivityLoad {
  /** Reload of the connected page → the stake in "Your activity", ms. */
  toListMs: number | null;
  /** The page's requests for the activity during that load: eth_getLogs, eth_blockNumber, /indexer. */
  requests: number;
  getLogs: number;
  refusedRanges: number;
}

export interface ActivityResults {
  /** Blocks between the stake and the head when the page loads. */
  blocksAgo: number;
  /** The indexer: process start → answering, then the backfill of the chain's history → ready. */
  indexer: { startMs: number; backfillMs: number; backfillBlocks: number; blocksPerSecond: number };
  withIndexer: ActivityLoad;
  chainScan: ActivityLoad;
}

/**
 * `npm run bench` phase activity: a chain where the account staked `blocks` blocks ago, the page's
 * eth_getLogs capped at 10,000 blocks (a counting proxy), the app built twice: reading the indexer
 * (plus the newest blocks) and scanning the chain from the deployment (VITE_INDEXER_URL=off, the
 * app before the indexer). Times the list on a reload of each, counts their requests, and times the
 * indexer's backfill of the chain's history.
 */
export async function measureActivityHistory(options: {
  stoppers: Stoppers;
  workDir: string;
  blocks: number;
  log: (message: string) => void;
}): Promise<ActivityResults> {
  const { stoppers, workDir, blocks, log } = options;
  let staked: { hash: `0x${string}`; account: Address } | undefined;
  const stack = await startLocalStack({
    chainPort: ACTIVITY_PORTS.chain,
    web: "none",
    api: false,
    explorerPort: false,
    skipCompile: true,
    deploymentsDir: path.join(workDir, "activity-deployments"),
    launchpadDir: path.join(workDir, "activity-launchpad"),
    log,
    prepareChain: async ({ chainUrl, deployment, accounts }) => {
      const account = accounts[0]!; // the Local test wallet's account
      const chain = { ...hardhat, rpcUrls: { default: { http: [chainUrl] } } };
      const publicClient = createPublicClient({ chain, transport: http(chainUrl) });
      const wallet = createWalletClient({ chain, transport: http(chainUrl), account });
      const amount = parseEther("150");
      const pooToken = deployment.pooToken as Address;
      const staking = deployment.staking as Address;
      await publicClient.waitForTransactionReceipt({
        hash: await wallet.writeContract({
          address: pooToken,
          abi: erc20Abi,
          functionName: "approve",
          args: [staking, amount],
        }),
      });
      const hash = await wallet.writeContract({
        address: staking,
        abi: specStakingAbi,
        functionName: "stake",
        args: [amount],
      });
      await publicClient.waitForTransactionReceipt({ hash });
      await ageChain(publicClient as never, blocks);
      staked = { hash, account };
    },
  });
  stoppers.add("activity: chain", () => stack.stop());
  if (!staked) throw new Error("The aged stake was not made.");

  // The indexer, timed: its own start (Ponder's build, the database), then the backfill.
  const t0 = performance.now();
  const indexer = launchIndexer({
    rootDir: ROOT_DIR,
    port: ACTIVITY_PORTS.indexer,
    chainId: stack.deployment.chainId,
    chainUrl: stack.chainUrl,
    deploymentsDir: path.join(workDir, "activity-deployments"),
    log,
    waitFor: "health",
    getLogsBlockRange: 5_000_000,
    pollingIntervalMs: 500,
    startTimeoutMs: 600_000,
  });
  stoppers.add("activity: indexer", () => indexer.stop());
  await indexer.up;
  const t1 = performance.now();
  for (;;) {
    const ready = await fetch(`${indexer.url}/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (performance.now() - t1 > 600_000) throw new Error("The indexer's backfill took over 10 minutes.");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const t2 = performance.now();
  const head = await createPublicClient({ transport: http(stack.chainUrl) }).getBlockNumber();
  const backfillBlocks = Number(head) - stack.deployment.deployBlock;

  // A remote provider: 100 ms per answer (what the issue measured against), 10,000 blocks per eth_getLogs.
  const proxy = await startCountingProxy(stack.chainUrl, {
    port: ACTIVITY_PORTS.proxy,
    maxLogRange: LOG_RANGE_CAP,
    latencyMs: PROVIDER_LATENCY_MS,
  });
  stoppers.add("activity: counting proxy", () => proxy.close());
  process.env.VITE_CHAINS = "local";
  process.env.VITE_LOCAL_RPC_URL = proxy.url;
  process.env.POO_DEPLOYMENTS_DIR = path.join(workDir, "activity-deployments");
  process.env.POO_INDEXER_PROXY_TARGET = indexer.url;
  const vite = await import("vite");
  const browser = await launchBrowser();
  stoppers.add("activity: browser", () => browser.close());

  const loadWith = async (indexerUrl: string, port: number, name: string): Promise<ActivityLoad> => {
    process.env.VITE_INDEXER_URL = indexerUrl;
    const outDir = path.join(workDir, `activity-${name}`);
    await vite.build({
      root: ROOT_DIR,
      logLevel: "error",
      build: { outDir, emptyOutDir: true, reportCompressedSize: false },
    });
    const server = await vite.preview({
      root: ROOT_DIR,
      logLevel: "warn",
      build: { outDir },
      preview: { host: "127.0.0.1", port, strictPort: true, open: false },
    });
    stoppers.add(
      `activity: preview ${name}`,
      () => new Promise<void>((resolve) => server.httpServer.close(() => resolve())),
    );
    const context = await browser.newContext();
    const page = await context.newPage();
    let indexerRequests = 0;
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/indexer/")) indexerRequests++;
    });
    const row = page.getByTestId("activity").locator(`li[data-hash="${staked!.hash}"]`);
    await page.goto(`http://127.0.0.1:${port}/`);
    await connectLocalWallet(page);
    await waitForFigures(page);
    await row.waitFor({ timeout: 300_000 });
    // The measured load: a reload of the connected page (the wallet reconnects by itself).
    proxy.reset();
    indexerRequests = 0;
    const started = performance.now();
    await page.reload();
    let toListMs: number | null = null;
    try {
      await row.waitFor({ timeout: 300_000 });
      toListMs = Math.round(performance.now() - started);
    } catch {
      // null: not listed within 5 minutes
    }
    const getLogs = proxy.methods.filter((m) => m === "eth_getLogs").length;
    const blockNumbers = proxy.methods.filter((m) => m === "eth_blockNumber").length;
    const result = {
      toListMs,
      requests: getLogs + blockNumbers + indexerRequests,
      getLogs,
      refusedRanges: proxy.refusedLogRanges,
    };
    await context.close();
    log(`${name}: ${JSON.stringify(result)}`);
    return result;
  };

  const withIndexer = await loadWith("/indexer", ACTIVITY_PORTS.webIndexer, "indexer");
  const chainScan = await loadWith("off", ACTIVITY_PORTS.webScan, "scan");
  const backfillMs = Math.round(t2 - t1);
  return {
    blocksAgo: Number(
      head -
        (
          await createPublicClient({ transport: http(stack.chainUrl) }).getTransactionReceipt({
            hash: staked.hash,
          })
        ).blockNumber,
    ),
    indexer: {
      startMs: Math.round(t1 - t0),
      backfillMs,
      backfillBlocks,
      blocksPerSecond: Math.round(backfillBlocks / (backfillMs / 1000)),
    },
    withIndexer,
    chainScan,
  };
}
