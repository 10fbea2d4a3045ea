import { readFileSync } from "node:fs";
import path from "node:path";
import {
  deploymentSchema,
  describeDeploymentIssues,
  type Deployment,
} from "../src/app/config/deploymentSchema.ts";

/** What the indexer needs from its environment, checked: its chain, contracts, RPC and database. */
export interface IndexerSettings {
  chainId: number;
  deployment: Deployment;
  /** CHAIN_RPC_URL_<id>: the API server's ordered list of providers; Ponder spreads its requests over them. */
  rpcUrls: string[];
  /** PostgreSQL (several processes, read replicas) when set; otherwise PGlite in `pgliteDir`. */
  databaseUrl: string | undefined;
  pgliteDir: string;
  pollingIntervalMs: number;
  /** eth_getLogs block range for the backfill; undefined lets Ponder find the provider's limit. */
  getLogsBlockRange: number | undefined;
  /** INDEXER_DISABLE_RPC_CACHE=true: simulated chains that are reverted under the same chain id. */
  disableRpcCache: boolean;
}

type Env = Readonly<Record<string, string | undefined>>;

/** Thrown with one line per problem, each naming its variable or file. */
export class IndexerConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`The indexer cannot start:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }
}

const positiveInteger = (text: string | undefined): number | undefined =>
  text !== undefined && /^\d{1,12}$/.test(text.trim()) && Number(text) > 0 ? Number(text) : undefined;

/**
 * The indexer's settings from the environment (the same variables the API server reads, where they
 * mean the same thing): INDEXER_CHAIN_ID (default 31337), DEPLOYMENTS_DIR (default deployments/, the
 * file npm start and npm run deploy write), CHAIN_RPC_URL_<id>, INDEXER_DATABASE_URL or
 * INDEXER_PGLITE_DIR, INDEXER_POLLING_MS, INDEXER_GETLOGS_BLOCK_RANGE, INDEXER_DISABLE_RPC_CACHE.
 */
export function indexerSettings(env: Env, rootDir: string): IndexerSettings {
  const problems: string[] = [];
  const chainId = positiveInteger(env.INDEXER_CHAIN_ID ?? "31337");
  if (chainId === undefined) problems.push("INDEXER_CHAIN_ID: must be a chain id such as 31337 or 11155111");
  const deploymentsDir = path.resolve(rootDir, env.DEPLOYMENTS_DIR?.trim() || "deployments");
  const file = path.join(deploymentsDir, `${chainId ?? "?"}.json`);
  let deployment: Deployment | undefined;
  if (chainId !== undefined) {
    try {
      const parsed = deploymentSchema.safeParse(JSON.parse(readFileSync(file, "utf8")));
      if (!parsed.success) problems.push(...describeDeploymentIssues(file, parsed.error));
      else if (parsed.data.chainId !== chainId)
        problems.push(`${file}: chainId: is ${parsed.data.chainId}, expected ${chainId}`);
      else deployment = parsed.data;
    } catch (error) {
      problems.push(`${file}: cannot be read (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  // A comma-separated list, as the API server reads it (the gateway's providers in order).
  const rpcUrls = (
    env[`CHAIN_RPC_URL_${chainId}`]?.trim() || (chainId === 31337 ? "http://127.0.0.1:8545" : "")
  )
    .split(",")
    .map((url) => url.trim())
    .filter((url) => url.length > 0);
  if (rpcUrls.length === 0 || rpcUrls.some((url) => !/^https?:\/\/./.test(url)))
    problems.push(
      `CHAIN_RPC_URL_${chainId}: must be the chain's http(s) RPC URL, or a comma-separated list of them`,
    );
  const polling = env.INDEXER_POLLING_MS?.trim() ? positiveInteger(env.INDEXER_POLLING_MS) : 1000;
  if (polling === undefined || polling < 100)
    problems.push("INDEXER_POLLING_MS: must be a whole number of milliseconds, 100 or more");
  const range = env.INDEXER_GETLOGS_BLOCK_RANGE?.trim()
    ? positiveInteger(env.INDEXER_GETLOGS_BLOCK_RANGE)
    : 0;
  if (range === undefined)
    problems.push("INDEXER_GETLOGS_BLOCK_RANGE: must be a positive whole number of blocks");
  const databaseUrl = env.INDEXER_DATABASE_URL?.trim() || undefined;
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\/./.test(databaseUrl))
    problems.push("INDEXER_DATABASE_URL: must be a postgres://user:password@host:port/database URL");
  if (problems.length > 0 || chainId === undefined || deployment === undefined)
    throw new IndexerConfigError(problems);
  return {
    chainId,
    deployment,
    rpcUrls,
    databaseUrl,
    pgliteDir: path.resolve(rootDir, env.INDEXER_PGLITE_DIR?.trim() || ".ponder/pglite"),
    pollingIntervalMs: polling ?? 1000,
    getLogsBlockRange: range || undefined,
    disableRpcCache: env.INDEXER_DISABLE_RPC_CACHE === "true",
  };
}
