import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ownChild } from "./ownedChild";

export interface LaunchedIndexer extends RunningIndexer {
  /** Resolves once it answers (IndexerOptions.waitFor); rejects when it exits or times out first. */
  up: Promise<void>;
}

export interface RunningIndexer {
  /** http://127.0.0.1:<port>: /activity, /head, and Ponder's /health, /ready, /status. */
  url: string;
  /** Ponder's own process id (the browser tests stop it mid-session). */
  pid: number | undefined;
  /** SIGTERM (Ponder closes its database), SIGKILL after 10 s; removes the PGlite folder it made. */
  stop(): Promise<void>;
}

export interface IndexerOptions {
  rootDir: string;
  port: number;
  chainId: number;
  chainUrl: string;
  /** The folder holding `<chainId>.json` (DEPLOYMENTS_DIR). */
  deploymentsDir: string;
  log: (message: string) => void;
  /** PostgreSQL instead of a PGlite folder of its own (made under the OS temp dir, removed on stop). */
  databaseUrl?: string;
  /**
   * `start` (default): indexes the chain into `schema` and serves it. `serve`: a read replica
   * (`ponder serve`), serving `schema` (the views schema of a `start` process) without indexing;
   * PostgreSQL only.
   */
  command?: "start" | "serve";
  /** Ponder's database schema; default a new one per start (a new chain is a new history). */
  schema?: string;
  /** `start` only: the schema whose views point at `schema` once its backfill is done (replicas read it). */
  viewsSchema?: string;
  /** `ready`: wait until the backfill is done (/ready 200); `health`: only until it answers (default). */
  waitFor?: "health" | "ready";
  /** How long to wait for it (default 120 s). */
  startTimeoutMs?: number;
  /** eth_getLogs blocks per backfill request (simulated chains serve any range: a million is fine). */
  getLogsBlockRange?: number;
  pollingIntervalMs?: number;
  /** Ponder's log level for the lines forwarded to `log` (default warn). */
  logLevel?: "error" | "warn" | "info" | "debug";
  /** Extra environment (tests). */
  env?: Record<string, string>;
}

/** startIndexer, resolved once the indexer answers; stopped again when it does not. */
export async function startIndexer(options: IndexerOptions): Promise<RunningIndexer> {
  const indexer = launchIndexer(options);
  await indexer.up;
  return indexer;
}

/**
 * The indexer (indexer/, Ponder) as a process of its own: `ponder start --root indexer` on 127.0.0.1
 * with the stack's chain and deployment, on PGlite in a fresh folder unless a PostgreSQL URL is given.
 * Returned at once (`up` says when it answers); `stop` works at any time. Killed when this process
 * exits first, so nothing is left behind.
 */
export function launchIndexer(options: IndexerOptions): LaunchedIndexer {
  const command = options.command ?? "start";
  if (command === "serve" && (!options.databaseUrl || !options.schema)) {
    throw new Error("A read replica (ponder serve) needs PostgreSQL (databaseUrl) and the schema it serves.");
  }
  const pgliteDir = options.databaseUrl ? undefined : mkdtempSync(path.join(tmpdir(), "poo-indexer-"));
  const removeDir = (): void => {
    if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
  };
  const schema = options.schema ?? `poo_${Date.now().toString(36)}`;
  const ponderBin = path.join(options.rootDir, "node_modules", "ponder", "dist", "esm", "bin", "ponder.js");
  const child = spawn(
    process.execPath,
    [
      ponderBin,
      "--root",
      path.join(options.rootDir, "indexer"),
      "--log-level",
      options.logLevel ?? "warn",
      command,
      "--schema",
      schema,
      ...(command === "start" && options.viewsSchema ? ["--views-schema", options.viewsSchema] : []),
      "--port",
      String(options.port),
      "--hostname",
      "127.0.0.1",
    ],
    {
      cwd: options.rootDir,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? tmpdir(),
        NODE_ENV: "production",
        PONDER_TELEMETRY_DISABLED: "true",
        INDEXER_CHAIN_ID: String(options.chainId),
        [`CHAIN_RPC_URL_${options.chainId}`]: options.chainUrl,
        DEPLOYMENTS_DIR: options.deploymentsDir,
        INDEXER_DISABLE_RPC_CACHE: "true",
        ...(pgliteDir ? { INDEXER_PGLITE_DIR: pgliteDir } : {}),
        ...(options.databaseUrl ? { INDEXER_DATABASE_URL: options.databaseUrl } : {}),
        ...(options.getLogsBlockRange
          ? { INDEXER_GETLOGS_BLOCK_RANGE: String(options.getLogsBlockRange) }
          : {}),
        ...(options.pollingIntervalMs ? { INDEXER_POLLING_MS: String(options.pollingIntervalMs) } : {}),
        ...options.env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const owned = ownChild(child, "SIGKILL");
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString("utf8").split("\n")) if (line.trim()) options.log(`[indexer] ${line}`);
  };
  child.stdout.on("data", forward);
  child.stderr.on("data", forward);
  void owned.exited.then(removeDir);

  const url = `http://127.0.0.1:${options.port}`;
  const stop = async (): Promise<void> => {
    await owned.stop("SIGTERM", 10_000);
    removeDir();
  };
  const endpoint = options.waitFor === "ready" ? "/ready" : "/health";
  const up = owned
    .waitUntilUp(
      () =>
        fetch(`${url}${endpoint}`).then(
          (response) => response.ok,
          () => false,
        ),
      options.startTimeoutMs ?? 120_000,
      250,
    )
    .then(async (state) => {
      if (state === "up") return;
      if (state === "exited") {
        removeDir();
        throw new Error(
          `The indexer exited with code ${child.exitCode} before answering (see [indexer] lines).`,
        );
      }
      await stop();
      throw new Error(`The indexer did not answer ${endpoint} on ${url} in time.`);
    });
  return { url, pid: child.pid, stop, up };
}
