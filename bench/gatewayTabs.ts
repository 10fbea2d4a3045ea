import { randomBytes } from "node:crypto";
import path from "node:path";
import { createConfig } from "@wagmi/core";
import { defineChain, getAddress, http, toHex, type Address } from "viem";
import { ChainContracts } from "../src/adapters/chain/ChainContracts";
import { MulticallAccountSnapshotSource } from "../src/adapters/chain/MulticallAccountSnapshotSource";
import { toAddress } from "../src/domain/address";
import { BlockPacer } from "../src/ui/query/blockPacer";
import { startLocalStack } from "../scripts/lib/local-stack";
import { startCountingProxy, type CountingProxy } from "../test/integration/localChain";
import { sleep } from "./browser";
import { chainClients } from "./chain";
import { GATEWAY_BLOCK_TIME_MS, GATEWAY_MEASURED_BLOCKS, GATEWAY_TABS, PORTS, ROOT_DIR } from "./config";
import { log, type Stoppers } from "./lifecycle";
import { countBy } from "./stats";

const CHAIN_ID = 31337;
const MULTICALL3: Address = "0xcA11bde05977b3631167028862bE2a173976CA11";
/** Blocks each scenario runs before its window, for the tabs' pacers to learn when blocks show. */
const WARM_UP_BLOCKS = 2;

/** How the tabs reach the chain: straight at the provider (each tab its own reads), or through the gateway. */
export type TabPath = "direct" | "gateway";
/** Whose figures the tabs show: all one account's (identical reads), or each its own. */
export type TabAccounts = "one" | "each";

export interface GatewayScenario {
  tabs: number;
  accounts: TabAccounts;
  path: TabPath;
  /** Blocks mined in the measured window. */
  blocks: number;
  windowMs: number;
  /**
   * JSON-RPC messages (a batch counts each) and HTTP requests at the provider for the tabs, per block:
   * everything but the API's own eth_chainId (its dependency check every 15 s, in both paths alike).
   */
  providerMessagesPerBlock: number;
  providerHttpPerBlock: number;
  /** The provider's messages per block for the tabs, by method. */
  byMethodPerBlock: Record<string, number>;
  /** The API's own eth_chainId per block (not counted above). */
  serverOwnPerBlock: number;
  /** Snapshot reads the tabs completed per block (each tab about one), and reads that failed in the window. */
  tabReadsPerBlock: number;
  failedReads: number;
}

export interface GatewayResults {
  blockTimeMs: number;
  measuredBlocks: number;
  warmUpBlocks: number;
  scenarios: GatewayScenario[];
}

/** One simulated tab: the app's account snapshot (its real adapter), paced by the app's BlockPacer. */
function startTab(options: {
  url: string;
  /** The tab's own client address (X-Forwarded-For through the API's trusted loopback proxy). */
  clientAddress: string;
  account: Address;
  contracts: { pooToken: Address; crapToken: Address; staking: Address };
  firstReadAfterMs: number;
  onRead: (ok: boolean, at: number) => void;
}): { stop: () => Promise<void> } {
  const chain = defineChain({
    id: CHAIN_ID,
    name: "POO Local",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [options.url] } },
    contracts: { multicall3: { address: MULTICALL3 } },
  });
  const config = createConfig({
    chains: [chain],
    transports: {
      [CHAIN_ID]: http(options.url, {
        batch: true,
        retryCount: 0,
        fetchOptions: { headers: { "x-forwarded-for": options.clientAddress } },
      }),
    },
  });
  const source = new MulticallAccountSnapshotSource(
    config,
    new ChainContracts(
      config,
      new Map([
        [
          CHAIN_ID,
          {
            pooToken: toAddress(options.contracts.pooToken),
            crapToken: toAddress(options.contracts.crapToken),
            staking: toAddress(options.contracts.staking),
          },
        ],
      ]),
    ),
  );
  const pacer = new BlockPacer({ blockTimeMs: GATEWAY_BLOCK_TIME_MS });
  let stopped = false;
  let wake: () => void = () => undefined;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const loop = (async () => {
    await pause(options.firstReadAfterMs);
    while (!stopped) {
      let delay = GATEWAY_BLOCK_TIME_MS;
      try {
        const snapshot = await source.loadSnapshot(toAddress(options.account), CHAIN_ID);
        const readAtMs = Date.now();
        options.onRead(true, readAtMs);
        delay = pacer.delayAfter({
          blockNumber: snapshot.blockNumber,
          blockTimestamp: snapshot.blockTimestamp,
          readAtMs,
        });
      } catch {
        options.onRead(false, Date.now());
      }
      if (!stopped) await pause(delay);
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      wake();
      await loop;
    },
  };
}

/**
 * Phase rpc-gateway: what N open tabs cost the chain's provider per block, each tab doing what the
 * app does on the Stake page (its real account-snapshot read, paced to the blocks by its real
 * BlockPacer), with the tabs reading the provider directly (the app before the gateway) and through
 * the API's gateway (identical reads at one block served once). A local chain mining a block every
 * GATEWAY_BLOCK_TIME_MS with wall-clock timestamps, a counting proxy as the provider, the API started
 * in this process; each tab has its own client address, as tabs on as many machines would.
 */
export async function measureGatewayTabs(options: {
  stoppers: Stoppers;
  workDir: string;
  compile: boolean;
}): Promise<GatewayResults> {
  const { stoppers, workDir } = options;
  const saved = {
    LOG_LEVEL: process.env.LOG_LEVEL,
    DATABASE_PATH: process.env.DATABASE_PATH,
    NODE_ENV: process.env.NODE_ENV,
  };
  // One log line per request of a thousand tabs would be the phase's main work.
  process.env.LOG_LEVEL = "warn";
  // An earlier phase's Vite build left NODE_ENV=production in this process; this API is a development one.
  delete process.env.NODE_ENV;
  process.env.DATABASE_PATH = path.join(workDir, "gateway.sqlite");
  const started: { proxy?: CountingProxy } = {};
  let stack: Awaited<ReturnType<typeof startLocalStack>>;
  try {
    stack = await startLocalStack({
      rootDir: ROOT_DIR,
      chainPort: PORTS.gatewayChain,
      apiPort: PORTS.gatewayApi,
      web: "none",
      explorerPort: false,
      skipCompile: !options.compile,
      deploymentsDir: path.join(workDir, "gateway-deployments"),
      launchpadDir: path.join(workDir, "gateway-launchpad"),
      providerRpcUrls: async (chainUrl) => {
        started.proxy = await startCountingProxy(chainUrl, { port: PORTS.gatewayProxy });
        return [started.proxy.url];
      },
      log: (m) => log("rpc-gateway", m),
    });
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    const { proxy } = started;
    if (proxy) stoppers.add("rpc-gateway counting proxy", () => proxy.close());
  }
  stoppers.add("rpc-gateway stack (chain, API)", () => stack.stop());
  const proxy = started.proxy;
  if (!proxy || !stack.apiUrl) throw new Error("the gateway phase's stack started without its proxy or API");

  // Blocks on a timer, stamped with the wall clock (the tabs' pacers compare the two).
  const clients = chainClients(stack.chainUrl);
  const now = BigInt(Math.floor(Date.now() / 1000));
  if ((await clients.publicClient.getBlock()).timestamp < now) {
    await clients.testClient.setNextBlockTimestamp({ timestamp: now });
  }
  await clients.testClient.mine({ blocks: 1 });
  await clients.testClient.setAutomine(false);
  await clients.testClient.setIntervalMining({ interval: GATEWAY_BLOCK_TIME_MS / 1000 });
  const head = () => clients.publicClient.getBlockNumber({ cacheTime: 0 });

  const contracts = {
    pooToken: getAddress(stack.deployment.pooToken),
    crapToken: getAddress(stack.deployment.crapToken),
    staking: getAddress(stack.deployment.staking),
  };
  const oneAccount = getAddress(stack.accounts[1] as Address);
  const urls: Record<TabPath, string> = {
    direct: proxy.url,
    gateway: `${stack.apiUrl}/api/rpc/${CHAIN_ID}`,
  };
  const largest = Math.max(...GATEWAY_TABS);
  const plan: { tabs: number; accounts: TabAccounts }[] = [
    ...GATEWAY_TABS.map((tabs) => ({ tabs, accounts: "one" as const })),
    { tabs: largest, accounts: "each" as const },
  ];

  const scenarios: GatewayScenario[] = [];
  for (const { tabs, accounts } of plan) {
    for (const path_ of ["direct", "gateway"] as const) {
      const reads: { ok: boolean; at: number }[] = [];
      const running = Array.from({ length: tabs }, (_, i) =>
        startTab({
          url: urls[path_],
          clientAddress: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
          account: accounts === "one" ? oneAccount : getAddress(toHex(randomBytes(20))),
          contracts,
          // Tabs opened at any moment of a block.
          firstReadAfterMs: Math.random() * GATEWAY_BLOCK_TIME_MS,
          onRead: (ok, at) => reads.push({ ok, at }),
        }),
      );
      await sleep(WARM_UP_BLOCKS * GATEWAY_BLOCK_TIME_MS);
      proxy.reset();
      const from = await head();
      const windowStart = Date.now();
      await sleep(GATEWAY_MEASURED_BLOCKS * GATEWAY_BLOCK_TIME_MS);
      // The API's own dependency check (eth_chainId every 15 s) is not the tabs' doing.
      const all = [...proxy.methods];
      const methods = all.filter((method) => method !== "eth_chainId");
      const httpRequests = proxy.httpRequests - (all.length - methods.length);
      const blocks = Number((await head()) - from);
      const windowMs = Date.now() - windowStart;
      await Promise.all(running.map((tab) => tab.stop()));
      const inWindow = reads.filter((read) => read.at >= windowStart && read.at < windowStart + windowMs);
      const perBlock = (n: number) => (blocks > 0 ? n / blocks : 0);
      const scenario: GatewayScenario = {
        tabs,
        accounts,
        path: path_,
        blocks,
        windowMs,
        providerMessagesPerBlock: perBlock(methods.length),
        providerHttpPerBlock: perBlock(httpRequests),
        byMethodPerBlock: Object.fromEntries(
          Object.entries(countBy(methods)).map(([method, n]) => [method, perBlock(n)]),
        ),
        serverOwnPerBlock: perBlock(all.length - methods.length),
        tabReadsPerBlock: perBlock(inWindow.filter((read) => read.ok).length),
        failedReads: inWindow.filter((read) => !read.ok).length,
      };
      scenarios.push(scenario);
      log(
        "rpc-gateway",
        `${tabs} tab(s), ${accounts === "one" ? "one account" : "an account each"}, ${path_}: ${scenario.providerMessagesPerBlock.toFixed(1)} provider messages per block over ${blocks} blocks (${Object.entries(
          scenario.byMethodPerBlock,
        )
          .map(([method, n]) => `${method} ${n.toFixed(1)}`)
          .join(
            ", ",
          )}); tabs read ${scenario.tabReadsPerBlock.toFixed(1)} per block, ${scenario.failedReads} failed`,
      );
      // Let the last reads settle before the next scenario's window.
      await sleep(GATEWAY_BLOCK_TIME_MS);
    }
  }
  return {
    blockTimeMs: GATEWAY_BLOCK_TIME_MS,
    measuredBlocks: GATEWAY_MEASURED_BLOCKS,
    warmUpBlocks: WARM_UP_BLOCKS,
    scenarios,
  };
}
