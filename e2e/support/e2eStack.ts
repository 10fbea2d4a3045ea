import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { getAddress, type Address } from "viem";
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
}

export interface RunningE2eStack extends E2eStack {
  /** How long the stack took to start, compile included. */
  readonly startupMs: number;
  stop(): Promise<void>;
}

export interface StartE2eStackOptions {
  /** `explorer` is needed on the local chain (the Sepolia look-alike has none). */
  readonly ports: Pick<E2ePorts, "chain" | "api" | "web"> & Partial<Pick<E2ePorts, "explorer">>;
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
}: StartE2eStackOptions): Promise<RunningE2eStack> {
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

  const { chainUrl, apiUrl, webUrl, explorerUrl, deployment, accounts, launches } = stack;
  const stop = async (): Promise<void> => {
    try {
      await stack.stop();
    } finally {
      removeDataDir();
    }
  };
  if (!apiUrl || !webUrl) {
    await stop();
    throw new Error("The local stack started without its API server or web app.");
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
    startupMs: performance.now() - startedAt,
    stop,
  };
}
