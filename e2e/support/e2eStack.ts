import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  getAddress,
  http,
  parseAbi,
  parseEther,
  parseEventLogs,
  type Address,
  type Hex,
} from "viem";
import { erc20Abi, specStakingAbi } from "../../src/adapters/chain/specStakingAbi";
import type { Deployment } from "../../src/app/config/deploymentSchema";
import type { LaunchCatalogue } from "../../src/domain/launch/launchCatalogue";
import type { StakingContractName } from "../../scripts/lib/ignition/stakingModules";
import { startLocalStack } from "../../scripts/lib/local-stack";
import type { E2ePorts } from "./ports";

/** What the specs see of the running stack (everything but `stop`). */
export interface E2eStack {
  /** The stack's Hardhat chain (31337, or 11155111 for the Sepolia look-alike), JSON-RPC over HTTP. */
  readonly chainUrl: string;
  /** The API: the served app's own origin (it answers /api beside the site). */
  readonly apiUrl: string;
  /**
   * The production build of the web app and the API, served by the built server as `npm run serve`
   * runs it (scripts/lib/startServedApp.ts), with the production headers (CSP and the rest).
   */
  readonly webUrl: string;
  /**
   * The local explorer, the app's block explorer on the local chain (`<explorerUrl>/tx/<hash>`);
   * undefined for the Sepolia look-alike, whose app links to the Sepolia explorer.
   */
  readonly explorerUrl: string | undefined;
  /** deployments/<chainId>.json as the stack wrote it: addresses, deploy block, staking parameters. */
  readonly deployment: Deployment;
  /** The deployed contracts' addresses, typed for viem. */
  readonly contracts: { readonly pooToken: Address; readonly crapToken: Address; readonly staking: Address };
  /** Hardhat's first five accounts, each seeded with 1,000,000 POO (index 0 deployed the contracts). */
  readonly accounts: readonly Address[];
  /** The launch catalogue the build bundled (sale times relative to the stack's start). */
  readonly launches: LaunchCatalogue;
  /** The activity indexer (Ponder, its own port and process); the app reads it under <webUrl>/indexer. */
  readonly indexer?: { readonly url: string; readonly pid: number | undefined };
  /**
   * The stake made long ago and unstaked once its lock had passed (StartE2eStackOptions.agedStake),
   * before the indexer started: the account's history, while the pool is empty again.
   */
  readonly agedStake?: AgedStake;
}

/**
 * A stake made more than `blocksAgo` blocks before the stack was handed to the specs, and its unstake
 * (which paid the stake's reward) a day later on the chain's clock, two blocks after it.
 */
export interface AgedStake {
  readonly account: Address;
  readonly amount: bigint;
  readonly hash: Hex;
  readonly blockNumber: bigint;
  readonly blocksAgo: number;
  /** The withdraw: `amount` POO back, and `reward` CRAP paid in the same transaction. */
  readonly unstake: { readonly hash: Hex; readonly blockNumber: bigint; readonly reward: bigint };
}

export interface RunningE2eStack extends E2eStack {
  /** How long the stack took to start, compile included. */
  readonly startupMs: number;
  stop(): Promise<void>;
}

export interface StartE2eStackOptions {
  /** `explorer` is needed on the local chain (the Sepolia look-alike has none). */
  readonly ports: Pick<E2ePorts, "chain" | "api" | "web"> & Partial<Pick<E2ePorts, "explorer" | "indexer">>;
  /**
   * Before the indexer starts: the account at this index stakes 150 POO and unstakes it once its lock
   * has passed (the chain's clock starts that long ago), then `blocks` empty blocks are mined (an old
   * chain: the indexer's backfill covers them, once per stack); the chain then keeps the wall clock.
   */
  readonly agedStake?: { readonly accountIndex: number; readonly blocks: number };
  readonly log: (message: string) => void;
  /** Project root (contracts/, artifacts/, vite.config.ts); default: the current directory. */
  readonly rootDir?: string;
  /**
   * The Sepolia look-alike instead of the local chain (see startLocalStack's `sepolia`), with the
   * staking contract written from the spec's interface.
   */
  readonly sepolia?: {
    readonly blockTimeMs: number;
    readonly stakingContract: StakingContractName;
    /** The API's working provider, after the unreachable first one (e.g. a counting proxy); default the chain. */
    readonly providerRpcUrl?: (chainUrl: string) => Promise<string>;
    /** The web app's public RPC, read when the gateway does not answer (e.g. a counting proxy); default the chain. */
    readonly publicRpcUrl?: (chainUrl: string) => Promise<string>;
  };
}

function solidityFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return solidityFiles(file);
    return entry.name.endsWith(".sol") ? [file] : [];
  });
}

/** The deployed contracts' addresses, checksummed for viem. */
export function stackContracts(
  deployment: Pick<Deployment, "pooToken" | "crapToken" | "staking">,
): E2eStack["contracts"] {
  return {
    pooToken: getAddress(deployment.pooToken),
    crapToken: getAddress(deployment.crapToken),
    staking: getAddress(deployment.staking),
  };
}

/**
 * Whether `hardhat compile` must run first: some contract has no artifact, or one older than its
 * source. `npm test` compiles before the browser tests, so normally the answer is no.
 */
export function contractsNeedCompiling(rootDir: string): boolean {
  const contractsDir = path.join(rootDir, "contracts");
  if (!existsSync(contractsDir)) return false;
  return solidityFiles(contractsDir).some((source) => {
    const artifactDir = path.join(rootDir, "artifacts", path.relative(rootDir, source));
    if (!existsSync(artifactDir)) return true;
    const artifacts = readdirSync(artifactDir).filter((name) => name.endsWith(".json"));
    if (artifacts.length === 0) return true;
    const sourceTime = statSync(source).mtimeMs;
    return artifacts.some((name) => statSync(path.join(artifactDir, name)).mtimeMs < sourceTime);
  });
}

/**
 * Starts the local stack for the browser tests on the e2e ports: chain + Multicall3 + contracts + seeded
 * accounts in this (the Playwright worker's) process, and the production build with the API on a fresh
 * SQLite file, served by the built server in a process of its own (`npm run serve`).
 */
export async function startE2eStack({
  ports,
  log,
  rootDir = process.cwd(),
  sepolia,
  agedStake: aged,
}: StartE2eStackOptions): Promise<RunningE2eStack> {
  let agedStake: AgedStake | undefined;
  const startedAt = performance.now();
  const dataDir = mkdtempSync(path.join(tmpdir(), "poo-e2e-"));
  // Read by the API server at start-up; a fresh database per run keeps runs independent.
  process.env.DATABASE_PATH = path.join(dataDir, "poo.sqlite");
  // The app under test talks to the stack's chain only, whatever the calling shell exports.
  process.env.VITE_CHAINS = sepolia ? "sepolia" : "local";
  const removeDataDir = (): void => rmSync(dataDir, { recursive: true, force: true });

  if (!sepolia && ports.explorer === undefined) {
    throw new Error("The local stack's explorer needs a port (e2ePorts.explorer).");
  }
  const compile = contractsNeedCompiling(rootDir);
  if (compile) log("Contract artifacts missing or stale: compiling first.");
  let stack: Awaited<ReturnType<typeof startLocalStack>>;
  try {
    stack = await startLocalStack({
      rootDir,
      web: "serve",
      chainPort: ports.chain,
      apiPort: ports.api,
      webPort: ports.web,
      explorerPort: sepolia ? false : (ports.explorer ?? false),
      skipCompile: !compile,
      // Its own build folder, deployment file and launch catalogue (named by its web port, unique per
      // stack), so that stacks of projects running side by side, a `npm run build` or `npm start`
      // cannot swap what another one bundles.
      outDir: `dist-e2e-${ports.web}`,
      deploymentsDir: path.join(dataDir, "deployments"),
      launchpadDir: path.join(dataDir, "launchpad"),
      log,
      indexerPort: ports.indexer ?? false,
      indexerWaitFor: "ready",
      ...(aged
        ? {
            chainInitialDate: new Date(Date.now() - AGED_HISTORY_LEAD_S * 1000),
            prepareChain: async ({ chainUrl, deployment, accounts }) => {
              const account = accounts[aged.accountIndex];
              if (!account) throw new Error(`No account #${aged.accountIndex} to stake from.`);
              const agingStartedAt = performance.now();
              agedStake = await stakeUnstakeThenAge(chainUrl, deployment, account, aged.blocks);
              log(
                `Staked from ${account} at block ${agedStake.blockNumber}, unstaked at block ` +
                  `${agedStake.unstake.blockNumber}, then mined ${aged.blocks} blocks ` +
                  `(${((performance.now() - agingStartedAt) / 1000).toFixed(1)} s)`,
              );
            },
          }
        : {}),
      ...(sepolia
        ? {
            stakingContract: sepolia.stakingContract,
            sepolia: {
              blockTimeMs: sepolia.blockTimeMs,
              ...(sepolia.publicRpcUrl ? { publicRpcUrl: sepolia.publicRpcUrl } : {}),
            },
            ...(sepolia.providerRpcUrl
              ? { providerRpcUrls: async (chainUrl: string) => [await sepolia.providerRpcUrl!(chainUrl)] }
              : {}),
          }
        : {}),
    });
  } catch (error) {
    removeDataDir();
    throw error;
  }

  const { chainUrl, apiUrl, webUrl, explorerUrl, deployment, accounts, launches, indexer } = stack;
  const stop = async (): Promise<void> => {
    try {
      await stack.stop();
    } finally {
      removeDataDir();
    }
  };
  if (!apiUrl || !webUrl || (ports.indexer !== undefined && !indexer)) {
    await stop();
    throw new Error("The local stack started without its API server, web app or indexer.");
  }
  return {
    chainUrl,
    apiUrl,
    webUrl,
    explorerUrl,
    deployment,
    contracts: stackContracts(deployment),
    accounts,
    launches,
    ...(indexer ? { indexer: { url: indexer.url, pid: indexer.pid } } : {}),
    ...(agedStake ? { agedStake } : {}),
    startupMs: performance.now() - startedAt,
    stop,
  };
}

/**
 * Mines `blocks` blocks: hardhat_mine for all but the last REAL_TAIL_BLOCKS (it returns at once even
 * for millions; interval 0: the clock does not move), evm_mine for those. The blocks hardhat_mine
 * reserves report a zero parentHash (EDR; seen: block 982's parentHash 0x000…, block 981's hash
 * 0x95fb…), which Ponder's live sync reads as a reorganisation deeper than its finality window
 * ("Encountered unrecoverable 'chain' reorg beyond finalized block 981") as soon as the chain is
 * reverted; real blocks across that window (65 blocks on Sepolia) keep the links it checks.
 */
export async function ageChain(
  client: { request: (args: { method: string; params: unknown[] }) => Promise<unknown> },
  blocks: number,
): Promise<void> {
  const real = Math.min(blocks, REAL_TAIL_BLOCKS);
  if (blocks > real) {
    await client.request({ method: "hardhat_mine", params: [`0x${(blocks - real).toString(16)}`, "0x0"] });
  }
  for (let i = 0; i < real; i++) await client.request({ method: "evm_mine", params: [] });
}

/** More than Ponder's finality window on any chain the stacks simulate (65 blocks for 11155111). */
const REAL_TAIL_BLOCKS = 80;

/**
 * How far back the chain's clock starts when it gets an aged stake: the stake's lock (a day on both
 * stacks' contracts) must pass before its unstake, and the chain must still end behind the wall clock
 * (which it then takes up), deployment and real tail blocks (a second each on the local chain) included.
 */
const AGED_HISTORY_LEAD_S = 86_400 + 3_600;

/**
 * `account` stakes 150 POO (approve, stake: the node signs) and, at the end of its lock on the chain's
 * clock, withdraws it (with its reward); then `blocks` empty blocks are mined, and one block at the
 * wall clock's second, from which the chain keeps time. The pool is empty again: the specs' stakes
 * earn the whole reward rate, and each account holds its 1,000,000 POO.
 */
async function stakeUnstakeThenAge(
  chainUrl: string,
  deployment: Pick<Deployment, "chainId" | "pooToken" | "crapToken" | "staking" | "minStakeDuration">,
  account: Address,
  blocks: number,
): Promise<AgedStake> {
  const chain = {
    id: deployment.chainId,
    name: "POO e2e chain",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [chainUrl] } },
  };
  const transport = http(chainUrl, { retryCount: 0 });
  const publicClient = createPublicClient({ chain, transport });
  const testClient = createTestClient({ chain, transport, mode: "hardhat" });
  const wallet = createWalletClient({ chain, transport, account });
  const amount = parseEther("150");
  const mined = async (hash: Hex) => {
    // The Sepolia look-alike does not automine yet at this point (its interval mining starts later).
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    if (receipt.status !== "success") throw new Error(`The aged stake's transaction ${hash} failed.`);
    return receipt;
  };
  const { pooToken, staking } = {
    pooToken: getAddress(deployment.pooToken),
    staking: getAddress(deployment.staking),
  };
  await mined(
    await wallet.writeContract({
      address: pooToken,
      abi: erc20Abi,
      functionName: "approve",
      args: [staking, amount],
    }),
  );
  const staked = await mined(
    await wallet.writeContract({
      address: staking,
      abi: specStakingAbi,
      functionName: "stake",
      args: [amount],
    }),
  );
  const stakedAt = (await publicClient.getBlock({ blockNumber: staked.blockNumber })).timestamp;
  const unlocksAt = stakedAt + BigInt(deployment.minStakeDuration ?? "0");
  const now = (): bigint => BigInt(Math.floor(Date.now() / 1000));
  if (unlocksAt + BigInt(REAL_TAIL_BLOCKS) + 2n >= now()) {
    throw new Error(
      `The aged stake unlocks at ${unlocksAt}, too close to now (${now()}): its chain's clock must start earlier.`,
    );
  }
  await testClient.setNextBlockTimestamp({ timestamp: unlocksAt });
  const withdrawn = await mined(
    await wallet.writeContract({ address: staking, abi: specStakingAbi, functionName: "withdraw" }),
  );
  const crapOut = parseEventLogs({ abi: transferAbi, eventName: "Transfer", logs: withdrawn.logs }).find(
    (log) => sameAddress(log.address, deployment.crapToken) && sameAddress(log.args.to, account),
  );
  await ageChain(publicClient as never, blocks);
  // The chain's clock was a day and more behind: it takes up the wall clock's, as a real chain has it.
  await testClient.setNextBlockTimestamp({ timestamp: now() });
  await testClient.mine({ blocks: 1 });
  return {
    account,
    amount,
    hash: staked.transactionHash,
    blockNumber: staked.blockNumber,
    blocksAgo: blocks,
    unstake: {
      hash: withdrawn.transactionHash,
      blockNumber: withdrawn.blockNumber,
      reward: crapOut?.args.value ?? 0n,
    },
  };
}

const transferAbi = parseAbi(["event Transfer(address indexed from, address indexed to, uint256 value)"]);

function sameAddress(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}
