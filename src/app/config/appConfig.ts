import { z } from "../../domain/zod";
import { deploymentSchema, describeDeploymentIssues, type Deployment } from "./deploymentSchema";

export const LOCAL_CHAIN_ID = 31337;
export const SEPOLIA_CHAIN_ID = 11155111;

export type ChainKey = "local" | "sepolia";

export interface ChainSettings {
  key: ChainKey;
  id: number;
  /** Primary RPC first, then fallbacks, tried in order by viem's fallback transport. */
  rpcUrls: string[];
  explorerUrl: string | undefined;
  /** The chain's usual time between blocks: figures are read once per block (Sepolia 12 s). */
  blockTimeMs: number;
  deployment: Deployment;
}

/** Sepolia makes a block every 12 s (one per slot). */
export const SEPOLIA_BLOCK_TIME_MS = 12_000;

export interface AppConfig {
  appName: string;
  chains: [ChainSettings, ...ChainSettings[]];
  walletConnectProjectId: string | undefined;
  /**
   * List "Local test wallet" (the node's unlocked accounts): always with the local chain; with a
   * Sepolia look-alike run by `npm start -- --sepolia` (VITE_LOCAL_TEST_WALLET=true); never on Sepolia.
   */
  localTestWallet: boolean;
  apiBaseUrl: string;
  storagePrefix: string;
}

/** The variable's text, trimmed (`.check` adds to a copy: each use below is its own schema). */
const trimmed = z.string().check(z.trim());
const nonEmpty = trimmed.check(z.minLength(1));

const optionalUrl = z.pipe(
  z.pipe(
    trimmed,
    z.transform((v: string) => (v === "" ? undefined : v)),
  ),
  z.optional(z.url({ protocol: /^https?$/, error: "must be an http(s) URL" })),
);

/** A variable that may be unset: its trimmed text, or undefined when unset or blank. */
const optionalText = z.pipe(
  z.optional(trimmed),
  z.transform((v: string | undefined) => (v ? v : undefined)),
);

const envSchema = z.object({
  VITE_APP_NAME: z._default(nonEmpty, "POO Finance"),
  VITE_CHAINS: z.pipe(
    z.pipe(
      z.string({ error: "is required: a comma-separated list of local, sepolia" }),
      z.transform((v: string) =>
        v
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ),
    z
      .array(z.enum(["local", "sepolia"], { error: "entries must be local or sepolia" }))
      .check(
        z.minLength(1, "No chains found on connector. Configure at least one chain (local or sepolia)."),
      ),
  ),
  VITE_LOCAL_RPC_URL: z._default(optionalUrl, "http://127.0.0.1:8545"),
  VITE_LOCAL_EXPLORER_URL: z.optional(optionalUrl),
  VITE_LOCAL_BLOCK_TIME_MS: z.pipe(
    z.transform((v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v)),
    z._default(
      z.coerce
        .number({ error: "must be a number of milliseconds" })
        .check(
          z.int("must be a whole number of milliseconds"),
          z.minimum(250, "must be at least 250 ms"),
          z.maximum(60_000, "must be at most 60000 ms"),
        ),
      4_000,
    ),
  ),
  VITE_SEPOLIA_RPC_URL: z.optional(optionalUrl),
  VITE_SEPOLIA_FALLBACK_RPC_URL: z._default(optionalUrl, "https://ethereum-sepolia-rpc.publicnode.com"),
  VITE_SEPOLIA_EXPLORER_URL: z._default(optionalUrl, "https://sepolia.etherscan.io"),
  VITE_WALLETCONNECT_PROJECT_ID: optionalText,
  VITE_API_BASE_URL: z._default(nonEmpty, "/api"),
  VITE_LOCAL_TEST_WALLET: z.pipe(
    z.optional(trimmed),
    z.transform((v: string | undefined) => v === "true"),
  ),
  VITE_STORAGE_PREFIX: z._default(
    trimmed.check(z.regex(/^[a-z0-9-]+$/, "must be lower-case letters, digits and dashes")),
    "poo-finance",
  ),
});

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`The app cannot start:\n${problems.map((p) => `- ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Finds `<chainId>.json` among the deployment files Vite bundled, keyed by their path. */
function pickDeployment(
  chainId: number,
  files: Record<string, unknown>,
  problems: string[],
): Deployment | undefined {
  const entry = Object.entries(files).find(([path]) => path.endsWith(`/${chainId}.json`));
  const source = `deployments/${chainId}.json`;
  if (!entry) {
    problems.push(`${source}: missing (deploy the contracts first: npm start does it for the local chain)`);
    return undefined;
  }
  const parsed = deploymentSchema.safeParse(entry[1]);
  if (!parsed.success) {
    problems.push(...describeDeploymentIssues(source, parsed.error));
    return undefined;
  }
  if (parsed.data.chainId !== chainId) {
    problems.push(`${source}: chainId: is ${parsed.data.chainId}, expected ${chainId}`);
    return undefined;
  }
  return parsed.data;
}

/**
 * Parses the build-time environment and the bundled deployment files. Throws a ConfigError naming
 * every bad variable or field, so the page can say what to fix instead of rendering half an app.
 */
export function parseAppConfig(
  env: Record<string, unknown>,
  deploymentFiles: Record<string, unknown>,
): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join(".") || "env"}: ${i.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  const chains: ChainSettings[] = [];
  for (const key of new Set(e.VITE_CHAINS)) {
    if (key === "local") {
      const deployment = pickDeployment(LOCAL_CHAIN_ID, deploymentFiles, problems);
      if (deployment) {
        chains.push({
          key,
          id: LOCAL_CHAIN_ID,
          rpcUrls: [e.VITE_LOCAL_RPC_URL ?? "http://127.0.0.1:8545"],
          explorerUrl: e.VITE_LOCAL_EXPLORER_URL,
          blockTimeMs: e.VITE_LOCAL_BLOCK_TIME_MS,
          deployment,
        });
      }
    } else {
      if (!e.VITE_SEPOLIA_RPC_URL)
        problems.push("VITE_SEPOLIA_RPC_URL: is required when VITE_CHAINS includes sepolia");
      const deployment = pickDeployment(SEPOLIA_CHAIN_ID, deploymentFiles, problems);
      if (deployment && e.VITE_SEPOLIA_RPC_URL) {
        chains.push({
          key,
          id: SEPOLIA_CHAIN_ID,
          rpcUrls: [
            e.VITE_SEPOLIA_RPC_URL,
            ...(e.VITE_SEPOLIA_FALLBACK_RPC_URL ? [e.VITE_SEPOLIA_FALLBACK_RPC_URL] : []),
          ],
          explorerUrl: e.VITE_SEPOLIA_EXPLORER_URL,
          blockTimeMs: SEPOLIA_BLOCK_TIME_MS,
          deployment,
        });
      }
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  const [first, ...rest] = chains;
  if (!first) throw new ConfigError(["No chains found on connector. Configure at least one chain."]);
  return {
    appName: e.VITE_APP_NAME,
    chains: [first, ...rest],
    walletConnectProjectId: e.VITE_WALLETCONNECT_PROJECT_ID,
    localTestWallet: e.VITE_LOCAL_TEST_WALLET || chains.some((c) => c.key === "local"),
    apiBaseUrl: e.VITE_API_BASE_URL.replace(/\/$/, ""),
    storagePrefix: e.VITE_STORAGE_PREFIX,
  };
}
