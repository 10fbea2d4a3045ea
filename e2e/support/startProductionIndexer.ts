import { launchIndexer, type IndexerOptions, type LaunchedIndexer } from "../../scripts/lib/startIndexer";

/** One Ponder process of the production stack's indexer. */
export interface IndexerProcess {
  /** http://127.0.0.1:<port>: /activity, /head, and Ponder's /health, /ready, /status. */
  readonly url: string;
  /** "127.0.0.1:<port>", as nginx's access log names it. */
  readonly upstream: string;
  /** Its process id now (undefined while it is stopped). */
  pid(): number | undefined;
  /** SIGTERM (SIGKILL after 10 s); resolves once it has exited. */
  stop(): Promise<void>;
  /** Starts it again on its port and schema; resolves once its /ready answers 200. */
  start(): Promise<void>;
}

export interface ProductionIndexer {
  /** `ponder start`: indexes the chain into its deployment's schema, publishes views once ready. */
  readonly writer: IndexerProcess;
  /** `ponder serve` on the views schema: HTTP only, what nginx sends /indexer to. */
  readonly replicas: readonly [IndexerProcess, IndexerProcess];
  stop(): Promise<void>;
}

export interface ProductionIndexerOptions extends Pick<
  IndexerOptions,
  "rootDir" | "chainId" | "chainUrl" | "deploymentsDir" | "databaseUrl" | "log"
> {
  readonly writerPort: number;
  readonly replicaPorts: readonly [number, number];
}

/**
 * The activity indexer as docs/operations.md runs it at scale, on the stack's PostgreSQL: one `ponder
 * start` writing its deployment's schema (poo_indexer_1) and publishing views in poo_indexer once its
 * backfill is done, then two `ponder serve` replicas reading those views (they refuse to start before
 * the views schema exists). Resolves once all three answer /ready.
 */
export async function startProductionIndexer(options: ProductionIndexerOptions): Promise<ProductionIndexer> {
  const common = {
    rootDir: options.rootDir,
    chainId: options.chainId,
    chainUrl: options.chainUrl,
    deploymentsDir: options.deploymentsDir,
    databaseUrl: options.databaseUrl,
    waitFor: "ready" as const,
    startTimeoutMs: 60_000,
    pollingIntervalMs: 500,
    getLogsBlockRange: 1_000_000,
  };
  const processes: IndexerProcess[] = [];
  const ponder = (
    name: string,
    port: number,
    launch: Pick<IndexerOptions, "command" | "schema" | "viewsSchema">,
  ) => {
    let running: LaunchedIndexer | undefined;
    const start = async (): Promise<void> => {
      if (running) throw new Error(`indexer ${name} is running already`);
      running = launchIndexer({
        ...common,
        ...launch,
        port,
        log: (line) => options.log(`[${name}] ${line}`),
      });
      await running.up.catch((error: unknown) => {
        running = undefined;
        throw error;
      });
    };
    const handle: IndexerProcess = {
      url: `http://127.0.0.1:${port}`,
      upstream: `127.0.0.1:${port}`,
      pid: () => running?.pid,
      stop: async () => {
        await running?.stop();
        running = undefined;
      },
      start,
    };
    processes.push(handle);
    return handle;
  };
  const stop = async (): Promise<void> => {
    await Promise.all(processes.map((handle) => handle.stop()));
  };
  try {
    const writer = ponder("indexer", options.writerPort, {
      command: "start",
      schema: "poo_indexer_1",
      viewsSchema: "poo_indexer",
    });
    const startedAt = performance.now();
    const seconds = () => ((performance.now() - startedAt) / 1000).toFixed(1);
    await writer.start();
    options.log(`indexer: ponder start ready in ${seconds()} s`);
    const replicas = options.replicaPorts.map((port, index) =>
      ponder(`replica ${"AB"[index]}`, port, { command: "serve", schema: "poo_indexer" }),
    ) as unknown as [IndexerProcess, IndexerProcess];
    await Promise.all(replicas.map((replica) => replica.start()));
    options.log(`indexer: two ponder serve replicas ready, ${seconds()} s in all`);
    return { writer, replicas, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
