import { isLoopbackUrl } from "../../domain/isLoopbackUrl.ts";
import { z } from "../../domain/zod.ts";
import { deploymentSchema, describeDeploymentIssues, type Deployment } from "./deploymentSchema.ts";

export const LOCAL_CHAIN_ID = 31337;
export const SEPOLIA_CHAIN_ID = 11155111;

export type ChainKey = "local" | "sepolia";

export interface ChainSettings {
  key: ChainKey;
  id: number;
  /**
   * The site's own gateway to the chain (`<VITE_API_BASE_URL>/rpc/<id>`, same origin by default): the
   * app's reads go there first, and the server relays them to its provider, whose key stays there.
   */
  gatewayUrl: string;
  /**
   * The chain's public RPCs (no key), in order: where reads go when the gateway does not answer, and
   * what a wallet is asked to add for the chain (never the gateway: the wallet's RPC is its own).
   */
  rpcUrls: string[];
  explorerUrl: string | undefined;
  /** The chain's usual time between blocks: figures are read once per block (Sepolia 12 s). */
  blockTimeMs: number;
  deployment: Deployment;
}

/** A public Sepolia RPC (no key): reads while the site's API is down, and what wallets are asked to add. */
export const SEPOLIA_PUBLIC_RPC_URL = "https://ethereum-sepolia-rpc.publicnode.com";

/** Sepolia makes a block every 12 s (one per slot). */
export const SEPOLIA_BLOCK_TIME_MS = 12_000;

export interface AppConfig {
  appName: string;
  chains: [ChainSettings, ...ChainSettings[]];
  walletConnectProjectId: string | undefined;
  /**
   * List "Local test wallet" (the node's unlocked accounts, the public Hardhat keys): only when every
   * configured chain's RPC is on this machine (loopback), and then with the local chain or when
   * VITE_LOCAL_TEST_WALLET=true (the Sepolia look-alike of `npm start -- --sepolia`). A build for a
   * public network never lists it, whatever VITE_LOCAL_TEST_WALLET says.
   */
  localTestWallet: boolean;
  apiBaseUrl: string;
  /**
   * Where the browser reaches the indexer (indexer/) for the account's activity, "/indexer" by
   * default (the site proxies it); undefined (VITE_INDEXER_URL=off): read it all from the chain.
   */
  indexerUrl: string | undefined;
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
  VITE_SEPOLIA_FALLBACK_RPC_URL: z._default(optionalUrl, SEPOLIA_PUBLIC_RPC_URL),
  VITE_SEPOLIA_EXPLORER_URL: z._default(optionalUrl, "https://sepolia.etherscan.io"),
  VITE_WALLETCONNECT_PROJECT_ID: optionalText,
  VITE_API_BASE_URL: z._default(nonEmpty, "/api"),
  VITE_INDEXER_URL: z._default(
    nonEmpty.check(
      z.refine(
        (v: string) => v === "off" || v.startsWith("/") || /^https?:\/\//.test(v),
        'must be a path on the site such as /indexer, an http(s) URL, or "off"',
      ),
    ),
    "/indexer",
  ),
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

/** How a chain's deployment file comes to be: said with every problem of that file. */
function howToMakeDeployment(chainId: number): string {
  return chainId === LOCAL_CHAIN_ID
    ? "npm start deploys to its local chain and writes it"
    : `make it with npm run deploy -- --network sepolia, or write the addresses of the real contracts into it (docs/contracts.md)`;
}

/** Finds `<chainId>.json` among the deployment files (keyed by their path) in `dir` (as messages name it). */
function pickDeployment(
  chainId: number,
  files: Record<string, unknown>,
  problems: string[],
  dir: string,
): Deployment | undefined {
  const entry = Object.entries(files).find(([path]) => path.endsWith(`/${chainId}.json`));
  const source = `${dir}/${chainId}.json`;
  if (!entry) {
    problems.push(`${source}: missing: ${howToMakeDeployment(chainId)}`);
    return undefined;
  }
  const parsed = deploymentSchema.safeParse(entry[1]);
  if (!parsed.success) {
    problems.push(
      ...describeDeploymentIssues(source, parsed.error),
      `${source}: to replace it, ${howToMakeDeployment(chainId)}`,
    );
    return undefined;
  }
  if (parsed.data.chainId !== chainId) {
    problems.push(
      `${source}: chainId: is ${parsed.data.chainId}, expected ${chainId}`,
      `${source}: to replace it, ${howToMakeDeployment(chainId)}`,
    );
    return undefined;
  }
  return parsed.data;
}

/** The build-time environment, validated (every VITE_* variable, defaults applied). */
export type AppEnv = z.output<typeof envSchema>;

/** What a chain of the configuration is reached at, before its deployment is known. */
export interface ChainEndpoint {
  key: ChainKey;
  id: number;
  /** The site's gateway to the chain (relative to the page unless VITE_API_BASE_URL is absolute). */
  gatewayUrl: string;
  /** The chain's public RPCs, in order (ChainSettings.rpcUrls). */
  rpcUrls: string[];
}

/** The API's base without its trailing slash ("/api" unless VITE_API_BASE_URL says otherwise). */
const apiBaseOf = (e: AppEnv): string => e.VITE_API_BASE_URL.replace(/\/$/, "");

/**
 * Validates the build-time environment. Throws a ConfigError naming every bad variable: the build
 * (vite.config.ts) stops on it, the page shows it.
 */
export function parseAppEnv(env: Record<string, unknown>): AppEnv {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join(".") || "env"}: ${i.message}`));
  }
  return parsed.data;
}

/**
 * The chains VITE_CHAINS names and what the app reaches each at: the site's gateway, then the chain's
 * public RPCs; the same list for the app's transports and for the built site's Content-Security-Policy.
 */
export function chainEndpoints(e: AppEnv): ChainEndpoint[] {
  const endpoints: ChainEndpoint[] = [];
  const gatewayUrl = (id: number) => `${apiBaseOf(e)}/rpc/${id}`;
  for (const key of new Set(e.VITE_CHAINS)) {
    if (key === "local") {
      endpoints.push({
        key,
        id: LOCAL_CHAIN_ID,
        gatewayUrl: gatewayUrl(LOCAL_CHAIN_ID),
        rpcUrls: [e.VITE_LOCAL_RPC_URL ?? "http://127.0.0.1:8545"],
      });
      continue;
    }
    // The fallback always has a value (its default): a Sepolia build needs no URL of its own.
    const rpcUrls = [e.VITE_SEPOLIA_RPC_URL, e.VITE_SEPOLIA_FALLBACK_RPC_URL ?? SEPOLIA_PUBLIC_RPC_URL];
    endpoints.push({
      key,
      id: SEPOLIA_CHAIN_ID,
      gatewayUrl: gatewayUrl(SEPOLIA_CHAIN_ID),
      rpcUrls: [...new Set(rpcUrls.filter((url): url is string => url !== undefined))],
    });
  }
  return endpoints;
}

/**
 * Parses the build-time environment and the bundled deployment files. Throws a ConfigError naming
 * every bad variable or field, so the page can say what to fix instead of rendering half an app; the
 * build (vite.config.ts) runs it first, so that a build for a chain without its deployment stops.
 * `deploymentsDir` is the folder as messages name it.
 */
export function parseAppConfig(
  env: Record<string, unknown>,
  deploymentFiles: Record<string, unknown>,
  deploymentsDir = "deployments",
): AppConfig {
  const e = parseAppEnv(env);
  const problems: string[] = [];
  let endpoints: ChainEndpoint[] = [];
  try {
    endpoints = chainEndpoints(e);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    problems.push(...error.problems);
  }
  const chains: ChainSettings[] = [];
  for (const endpoint of endpoints) {
    const deployment = pickDeployment(endpoint.id, deploymentFiles, problems, deploymentsDir);
    if (!deployment) continue;
    chains.push(
      endpoint.key === "local"
        ? {
            ...endpoint,
            explorerUrl: e.VITE_LOCAL_EXPLORER_URL,
            blockTimeMs: e.VITE_LOCAL_BLOCK_TIME_MS,
            deployment,
          }
        : {
            ...endpoint,
            explorerUrl: e.VITE_SEPOLIA_EXPLORER_URL,
            blockTimeMs: SEPOLIA_BLOCK_TIME_MS,
            deployment,
          },
    );
  }
  // Sepolia's deployment is looked for even without a public RPC, so that both problems show at once.
  if (e.VITE_CHAINS.includes("sepolia") && !endpoints.some((endpoint) => endpoint.key === "sepolia")) {
    pickDeployment(SEPOLIA_CHAIN_ID, deploymentFiles, problems, deploymentsDir);
  }
  if (problems.length > 0) throw new ConfigError(problems);
  const [first, ...rest] = chains;
  if (!first) throw new ConfigError(["No chains found on connector. Configure at least one chain."]);
  // The public Hardhat keys sign for whoever holds them: never offered where a chain is not local.
  const allOnLoopback = chains.every((chain) => chain.rpcUrls.every(isLoopbackUrl));
  return {
    appName: e.VITE_APP_NAME,
    chains: [first, ...rest],
    walletConnectProjectId: e.VITE_WALLETCONNECT_PROJECT_ID,
    localTestWallet: allOnLoopback && (e.VITE_LOCAL_TEST_WALLET || chains.some((c) => c.key === "local")),
    apiBaseUrl: apiBaseOf(e),
    indexerUrl: e.VITE_INDEXER_URL === "off" ? undefined : e.VITE_INDEXER_URL.replace(/\/$/, ""),
    storagePrefix: e.VITE_STORAGE_PREFIX,
  };
}
