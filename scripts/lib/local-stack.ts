import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createPublicClient, createTestClient, http, type Address } from "viem";
import { hardhat } from "viem/chains";
import type { DeploymentRecord } from "./ignition/deploymentFromJournal";
import type { StakingContractName } from "./ignition/stakingModules";
import { buildWebApp, type WebAppBuild } from "./buildWebApp";
import { installMulticall3 } from "./installMulticall3";
import { startRevertedBlockProxy } from "./revertedBlockProxy";
import { launchIndexer, type RunningIndexer } from "./startIndexer";
import { seedTestAccounts } from "./seedTestAccounts";
import { writeDeployment } from "./writeDeployment";
import type { LaunchCatalogue } from "../../src/domain/launch/launchCatalogue";
import { sampleLaunchCatalogue } from "./sample-launches";

export const LOCAL_CHAIN_ID = 31337;
export const SEPOLIA_CHAIN_ID = 11155111;
/** Multicall3's creation block on Sepolia: viem refuses a multicall on an earlier block. */
const SEPOLIA_MULTICALL3_BLOCK = 751_532;
/**
 * The Sepolia look-alike's first provider (the API's CHAIN_RPC_URL_11155111): the discard port, which
 * nothing answers, so the API's failover to the next provider serves every read, as when a provider is
 * down.
 */
export const UNREACHABLE_RPC_URL = "http://127.0.0.1:9";
/** Public Hardhat test accounts (keys are printed by every Hardhat node; never use them on a real chain). */
export const HARDHAT_TEST_KEYS = [
  "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
  "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
  "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a",
  "0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6",
  "0x47e179ec197488593b187f80a833865a2ca8ff9ea8fd3314ab3f5bb2cb1ae6b2",
] as const;

export interface LocalStackOptions {
  chainPort?: number;
  apiPort?: number;
  webPort?: number;
  /**
   * dev: Vite dev server (npm start); serve: the production build served with the API by the built
   * server, as `npm run build && npm run serve` (the browser tests); preview: the production build under
   * `vite preview`, the API beside it (the bench).
   */
  web?: "dev" | "preview" | "serve" | "none";
  /** Start the API in this process (default true); with web "serve" the served app holds the API. */
  api?: boolean;
  /** Where deployments/<chainId>.json is written; the web app bundles it from there. */
  rootDir?: string;
  log?: (message: string) => void;
  /** Skip `hardhat compile` (callers that compiled already, such as the e2e global setup). */
  skipCompile?: boolean;
  /** Where the preview or serve build goes (default dist/); runs side by side need their own. */
  outDir?: string;
  /** The staking contract to deploy: ours (default) or the one written from the spec's interface alone. */
  stakingContract?: StakingContractName;
  /**
   * A chain that looks like Sepolia instead of the local one: chain id 11155111, a block every
   * `blockTimeMs` (no automine) once deployed, Multicall3 where viem expects it, and the web app built
   * with VITE_CHAINS=sepolia. The app reads through the API's gateway, whose first provider is
   * unreachable (UNREACHABLE_RPC_URL), so the next one (`providerRpcUrls`) serves every read; its
   * public RPC (`publicRpcUrl`, default the chain itself) is read only when the gateway does not answer.
   */
  sepolia?: { blockTimeMs: number; publicRpcUrl?: (chainUrl: string) => Promise<string> | string };
  /**
   * The providers the API relays the app's reads to (CHAIN_RPC_URL_<id>), given the chain's URL;
   * default the chain itself (e.g. a counting proxy in front of it instead).
   */
  providerRpcUrls?: (chainUrl: string) => Promise<string[]> | string[];
  /** Where deployments/<chainId>.json is written and bundled from; default <rootDir>/deployments. */
  deploymentsDir?: string;
  /**
   * Where launches.local.json is written and the launch catalogue bundled from; default
   * <rootDir>/launchpad (beside the committed launches.json). Stacks built side by side need their own.
   */
  launchpadDir?: string;
  /**
   * Port of the local explorer (transaction pages the app's "here" links open on the local chain),
   * default 8546; false for none. Not started for the Sepolia look-alike, whose app links to the
   * Sepolia explorer.
   */
  explorerPort?: number | false;
  /**
   * The activity indexer (indexer/, Ponder on PGlite) on this port (npm start: 42069); false or unset
   * for none (the app then reads the activity from the chain alone). Started as soon as the contracts are
   * deployed, beside the web app's start, and reached by the app under /indexer.
   */
  indexerPort?: number | false;
  /**
   * health: the stack is ready once the indexer answers; ready: once its backfill is done too;
   * background (npm start): not waited for at all, its line is logged when it answers (the app reads
   * the chain's newest blocks meanwhile). Default health.
   */
  indexerWaitFor?: "health" | "ready" | "background";
  /**
   * Runs once the contracts are deployed and the accounts seeded, before the indexer starts and
   * before the Sepolia look-alike's clock and interval mining are set (tests that need an old chain
   * make their history here, so the indexer's backfill covers it at start).
   */
  /**
   * Where the chain's clock starts (default: now). A clock in the past lets `prepareChain` make a
   * history that took time (a stake, then its unstake once the lock has passed) and end at the wall
   * clock.
   */
  chainInitialDate?: Date;
  prepareChain?: (chain: {
    chainUrl: string;
    deployment: DeploymentRecord;
    accounts: readonly Address[];
  }) => Promise<void>;
}

export interface LocalStack {
  chainUrl: string;
  apiUrl: string | undefined;
  webUrl: string | undefined;
  /** The local explorer (`<explorerUrl>/tx/<hash>`), the app's block explorer on the local chain. */
  explorerUrl: string | undefined;
  /** The activity indexer (its own port; the app reaches it under <webUrl>/indexer). */
  indexer: RunningIndexer | undefined;
  deployment: DeploymentRecord;
  accounts: readonly Address[];
  /** The launch catalogue written to launchpad/launches.local.json (sale times relative to the start). */
  launches: LaunchCatalogue;
  stop(): Promise<void>;
}

type Stopper = () => Promise<void>;

/** Runs a project bin (hardhat, tsx) with the Node 22 that node_modules/.bin provides. */
function runBin(rootDir: string, bin: string, args: string[]): void {
  const binDir = path.join(rootDir, "node_modules", ".bin");
  execFileSync(path.join(binDir, bin), args, {
    cwd: rootDir,
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, PATH: `${binDir}${path.delimiter}${process.env.PATH ?? ""}` },
  });
}

/**
 * Chain (Hardhat EDR in this process) + contracts + API + web app. Everything runs in this process,
 * so stopping it (or its death) leaves no orphan server behind.
 */
export async function startLocalStack(options: LocalStackOptions = {}): Promise<LocalStack> {
  const rootDir = options.rootDir ?? process.cwd();
  const log = options.log ?? ((m: string) => console.log(m));
  const chainPort = options.chainPort ?? 8545;
  const stoppers: Stopper[] = [];
  const stop = async (): Promise<void> => {
    while (stoppers.length > 0) {
      const next = stoppers.pop();
      await next?.().catch((error: unknown) => log(`stop: ${String(error)}`));
    }
  };

  try {
    if (!options.skipCompile) {
      log("Compiling contracts…");
      runBin(rootDir, "hardhat", ["compile", "--quiet"]);
      runBin(rootDir, "tsx", ["scripts/generate-abis.ts"]);
    }

    const sepolia = options.sepolia;
    const chainId = sepolia ? SEPOLIA_CHAIN_ID : LOCAL_CHAIN_ID;
    const { startSimulatedChain } = await import("./startSimulatedChain");
    const simulated = await startSimulatedChain(
      sepolia ? "sepoliaSimulated" : "default",
      chainPort,
      options.chainInitialDate ? { initialDate: options.chainInitialDate } : {},
    );
    stoppers.push(() => simulated.close());
    const chainUrl = simulated.url;
    log(`Chain (Hardhat EDR, chain ${chainId}) on ${chainUrl}`);

    const chain = { ...hardhat, id: chainId, rpcUrls: { default: { http: [chainUrl] } } };
    const transport = http(chainUrl);
    const publicClient = createPublicClient({ chain, transport });
    const testClient = createTestClient({ chain, transport, mode: "hardhat" });

    // Local-only steps (Multicall3, the test accounts' POO) around the Ignition modules' deployment.
    await installMulticall3(simulated.provider);
    if (sepolia) {
      // Past Multicall3's Sepolia creation block, without moving the clock (blocks share a timestamp).
      await testClient.request({
        method: "hardhat_mine",
        params: [`0x${SEPOLIA_MULTICALL3_BLOCK.toString(16)}`, "0x0"],
      } as never);
    }
    const stakingContract = options.stakingContract ?? "Staking";
    const { deployOnSimulatedChain } = await import("./ignition/deployOnSimulatedChain");
    const deployment = await deployOnSimulatedChain({ provider: simulated.provider, stakingContract });
    const accounts = await seedTestAccounts(simulated.provider, deployment.pooToken);
    const deploymentsDir = options.deploymentsDir ?? path.join(rootDir, "deployments");
    writeDeployment(deploymentsDir, deployment);
    log(
      `Contracts: POO ${deployment.pooToken}, CRAP ${deployment.crapToken}, ${stakingContract} ${deployment.staking}`,
    );
    // Sale times relative to now, so the demo always has one live and one upcoming launch.
    const launches = sampleLaunchCatalogue(Date.now());
    const launchpadDir = options.launchpadDir ?? path.join(rootDir, "launchpad");
    mkdirSync(launchpadDir, { recursive: true });
    writeFileSync(path.join(launchpadDir, "launches.local.json"), `${JSON.stringify(launches, null, 2)}\n`);
    const web = options.web ?? "dev";
    const webPort = options.webPort ?? (web === "preview" ? 4173 : 5173);
    const explorerPort = options.explorerPort ?? 8546;
    const withExplorer = !sepolia && explorerPort !== false;
    const indexerPort = options.indexerPort ?? false;
    // The build (preview, serve) has all it bundles now: it runs in a process of its own while the
    // chain is prepared, the indexer backfills and the explorer starts.
    let build: WebAppBuild | undefined;
    if (web !== "none") {
      await setWebAppEnvironment({
        chainUrl,
        sepolia,
        dev: web === "dev",
        deploymentsDir,
        launchpadDir,
        // The explorer's address, known from its port before it starts (checked once it has).
        explorerUrl: withExplorer ? `http://127.0.0.1:${explorerPort}` : undefined,
        indexerPort,
      });
      if (web === "preview" || web === "serve") {
        build = buildWebApp({
          rootDir,
          outDir: path.resolve(rootDir, options.outDir ?? "dist"),
          env: { ...process.env },
        });
        const started = build;
        stoppers.push(() => started.stop());
      }
    }
    await options.prepareChain?.({ chainUrl, deployment, accounts });
    if (sepolia) {
      // Sepolia's block timestamps follow the wall clock, and so does a page's idea of when the next
      // block is due. A chain created after another one in this process starts with that one's older
      // clock (10 minutes behind in a full `npm run bench`, whose Sepolia phase comes last): one block at
      // the wall clock's second, from which the chain keeps time. A chain ahead of it is left as it is.
      const now = BigInt(Math.floor(Date.now() / 1000));
      if ((await publicClient.getBlock()).timestamp < now) {
        await testClient.setNextBlockTimestamp({ timestamp: now });
        await testClient.mine({ blocks: 1 });
      }
      await testClient.setAutomine(false);
      await testClient.setIntervalMining({ interval: sepolia.blockTimeMs / 1000 });
      log(`Mining a block every ${sepolia.blockTimeMs / 1000} s (no automine), as Sepolia does`);
    }
    // Ponder takes seconds to start: it starts now, beside the web app's start, and is awaited last.
    const indexerWaitFor = options.indexerWaitFor ?? "health";
    // Its chain through a proxy that answers for the blocks a revert took away (revertedBlockProxy.ts).
    const indexerChain = indexerPort === false ? undefined : await startRevertedBlockProxy(chainUrl);
    if (indexerChain) stoppers.push(() => indexerChain.close());
    const indexer =
      indexerPort === false || !indexerChain
        ? undefined
        : launchIndexer({
            rootDir,
            port: indexerPort,
            chainId,
            chainUrl: indexerChain.url,
            deploymentsDir,
            log,
            waitFor: indexerWaitFor === "ready" ? "ready" : "health",
            // The simulated chain serves any range: the backfill from the deployment block is one request.
            getLogsBlockRange: 5_000_000,
            pollingIntervalMs: sepolia ? 1_000 : 500,
          });
    if (indexer) stoppers.push(() => indexer.stop());
    const indexerLine = () => `Indexer (Ponder, PGlite) on ${indexer?.url}, for the app under /indexer`;
    // Awaited below (or only logged); a failure meanwhile must not go unhandled.
    indexer?.up.then(
      () => indexerWaitFor === "background" && log(indexerLine()),
      (error: unknown) =>
        indexerWaitFor === "background" && log(`The indexer did not start: ${String(error)}`),
    );
    const indexerUrl = indexer?.url;

    let apiUrl: string | undefined;
    let explorerUrl: string | undefined;
    if (withExplorer) {
      // Imported here, not at the top: the explorer decodes with src/adapters/chain/abis.generated.ts,
      // which the compile step above writes (a fresh clone has none before its first start).
      const { startExplorerForChain } = await import("./local-explorer/explorerForChain");
      const explorer = await startExplorerForChain({
        chainUrl,
        deployment,
        port: explorerPort,
        appUrl: web === "none" ? undefined : `http://127.0.0.1:${webPort}`,
        log,
      });
      stoppers.push(() => explorer.close());
      explorerUrl = explorer.url;
      if (web !== "none" && process.env.VITE_LOCAL_EXPLORER_URL !== explorerUrl) {
        throw new Error(`The explorer listens on ${explorerUrl}, the app was built for another address.`);
      }
      log(`Explorer on ${explorerUrl} (transactions at ${explorerUrl}/tx/<hash>)`);
    }
    const origins = [`http://127.0.0.1:${webPort}`, `http://localhost:${webPort}`];
    const providers = [
      ...(sepolia ? [UNREACHABLE_RPC_URL] : []),
      ...(options.providerRpcUrls ? await options.providerRpcUrls(chainUrl) : [chainUrl]),
    ];
    const apiEnv = apiEnvironment({ rootDir, providers, chainId, deploymentsDir }, origins);
    if (indexerUrl) apiEnv.INDEXER_URL = indexerUrl;
    mkdirSync(path.join(rootDir, "data"), { recursive: true });
    if (web !== "serve" && (options.api ?? true)) {
      apiUrl = await startApi(apiEnv, options.apiPort ?? 8787, stoppers, log);
    }

    let webUrl: string | undefined;
    if (web !== "none") {
      if (web === "serve") {
        webUrl = await serveBuiltApp(rootDir, apiEnv, webPort, stoppers, log, build, options.outDir);
        apiUrl = webUrl;
      } else {
        webUrl = await startWeb(web, rootDir, apiUrl, webPort, stoppers, build, options.outDir);
      }
      const kind = {
        dev: "Vite dev server",
        preview: "production build, vite preview",
        serve: "npm run serve",
      };
      log(`Web app (${kind[web]}) on ${webUrl}`);
    }
    if (indexer && indexerWaitFor !== "background") {
      await indexer.up;
      log(indexerLine());
    }

    return {
      chainUrl,
      apiUrl,
      webUrl,
      explorerUrl,
      indexer,
      deployment,
      accounts,
      launches,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * What the web app bundles (Vite reads VITE_* from process.env at config time) and what the dev
 * server and vite preview pass on: this stack's chain, deployment, launches, explorer and indexer.
 */
async function setWebAppEnvironment({
  chainUrl,
  sepolia,
  dev,
  deploymentsDir,
  launchpadDir,
  explorerUrl,
  indexerPort,
}: {
  chainUrl: string;
  sepolia: LocalStackOptions["sepolia"];
  dev: boolean;
  deploymentsDir: string;
  launchpadDir: string;
  explorerUrl: string | undefined;
  indexerPort: number | false;
}): Promise<void> {
  process.env.POO_DEPLOYMENTS_DIR = deploymentsDir;
  process.env.POO_LAUNCHPAD_DIR = launchpadDir;
  // The app's "here" links go to this explorer on the local chain.
  if (explorerUrl) process.env.VITE_LOCAL_EXPLORER_URL = explorerUrl;
  if (sepolia) {
    process.env.VITE_CHAINS = "sepolia";
    // No provider URL in the build: the gateway, then the public RPC (wallets are given that one).
    delete process.env.VITE_SEPOLIA_RPC_URL;
    // Its node holds the accounts: "Local test wallet" works here too (never on the real Sepolia).
    if (dev) process.env.VITE_LOCAL_TEST_WALLET = "true";
    process.env.VITE_SEPOLIA_FALLBACK_RPC_URL = sepolia.publicRpcUrl
      ? await sepolia.publicRpcUrl(chainUrl)
      : chainUrl;
  } else {
    process.env.VITE_CHAINS ??= "local";
    process.env.VITE_LOCAL_RPC_URL = chainUrl;
  }
  // The dev server and vite preview pass /indexer on to it; without one the app reads the chain.
  process.env.VITE_INDEXER_URL = indexerPort === false ? "off" : "/indexer";
  if (indexerPort !== false) process.env.POO_INDEXER_PROXY_TARGET = `http://127.0.0.1:${indexerPort}`;
}

/** The API's environment on this stack: its chain's providers, deployment, web origins and a sample price history. */
function apiEnvironment(
  {
    rootDir,
    providers,
    chainId,
    deploymentsDir,
  }: { rootDir: string; providers: string[]; chainId: number; deploymentsDir: string },
  webOrigins: string[],
): Record<string, string | undefined> {
  return {
    ...process.env,
    API_HOST: "127.0.0.1",
    [`CHAIN_RPC_URL_${chainId}`]: providers.join(","),
    DEPLOYMENTS_DIR: deploymentsDir,
    SIWE_ALLOWED_ORIGINS: process.env.SIWE_ALLOWED_ORIGINS ?? webOrigins.join(","),
    SIWE_ALLOWED_CHAIN_IDS: process.env.SIWE_ALLOWED_CHAIN_IDS ?? String(chainId),
    DATABASE_PATH: process.env.DATABASE_PATH ?? path.join(rootDir, "data", "poo.sqlite"),
    // A fresh stack's price chart shows three months of data marked as sample.
    SEED_SAMPLE_PRICE_HISTORY: process.env.SEED_SAMPLE_PRICE_HISTORY ?? "true",
  };
}

async function startApi(
  env: Record<string, string | undefined>,
  port: number,
  stoppers: Stopper[],
  log: (message: string) => void,
): Promise<string> {
  const { parseServerConfig } = await import("../../src/server/config/parseServerConfig");
  const { startApiServer } = await import("../../src/server/startApiServer");
  const { config, warnings } = parseServerConfig({ ...env, API_PORT: String(port) });
  for (const warning of warnings) log(`API warning: ${warning}`);
  const api = await startApiServer(config);
  stoppers.push(() => api.close());
  log(`API server on ${api.url}`);
  return api.url;
}

/**
 * The production build and the built server (`npm run build && npm run serve`) on `webPort`: one
 * process serving the site with its production headers and the API. A development run of it (local
 * origins and chain, sample prices); its log at LOG_LEVEL=warn unless the caller sets LOG_LEVEL.
 */
async function serveBuiltApp(
  rootDir: string,
  apiEnv: Record<string, string | undefined>,
  webPort: number,
  stoppers: Stopper[],
  log: (message: string) => void,
  build: WebAppBuild | undefined,
  outDirOption?: string,
): Promise<string> {
  const outDir = path.resolve(rootDir, outDirOption ?? "dist");
  const builtAt = performance.now();
  await build?.done;
  log(`Web app built (waited ${((performance.now() - builtAt) / 1000).toFixed(1)} s for the build)`);
  const { startServedApp } = await import("./startServedApp");
  const served = await startServedApp({
    rootDir,
    siteDir: outDir,
    port: webPort,
    // A development run: local origins and chain, sample prices (whatever this process's NODE_ENV).
    env: { ...apiEnv, NODE_ENV: "development", LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" },
    log,
  });
  stoppers.push(() => served.stop());
  return served.url;
}

async function startWeb(
  mode: "dev" | "preview",
  rootDir: string,
  apiUrl: string | undefined,
  webPort: number,
  stoppers: Stopper[],
  build: WebAppBuild | undefined,
  outDirOption?: string,
): Promise<string> {
  if (apiUrl) process.env.POO_API_PROXY_TARGET = apiUrl;
  const vite = await import("vite");
  if (mode === "dev") {
    const server = await vite.createServer({
      root: rootDir,
      server: { host: "127.0.0.1", port: webPort, strictPort: true },
      clearScreen: false,
      logLevel: "warn",
    });
    await server.listen();
    stoppers.push(() => server.close());
    return server.resolvedUrls?.local[0]?.replace(/\/$/, "") ?? `http://127.0.0.1:${webPort}`;
  }
  const outDir = path.resolve(rootDir, outDirOption ?? "dist");
  await build?.done;
  const server = await vite.preview({
    root: rootDir,
    preview: { host: "127.0.0.1", port: webPort, strictPort: true },
    build: { outDir },
    logLevel: "warn",
  });
  stoppers.push(
    () => new Promise<void>((resolve, reject) => server.httpServer.close((e) => (e ? reject(e) : resolve()))),
  );
  return server.resolvedUrls?.local[0]?.replace(/\/$/, "") ?? `http://127.0.0.1:${webPort}`;
}
