import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildServer } from "../../scripts/lib/buildServer";
import { startLocalStack } from "../../scripts/lib/local-stack";
import { forwardTcp } from "../../scripts/lib/netns/forwardTcp";
import { startInNetns } from "../../scripts/lib/netns/startInNetns";
import { createTestNetwork, type TestNetwork } from "../../scripts/lib/netns/testNetwork";
import { startNginx, type RunningNginx } from "../../scripts/lib/nginx/startNginx";
import { startServedApp } from "../../scripts/lib/startServedApp";
import { startCmcStandIn } from "../../src/server/testing/startCmcStandIn";
import { createDatabaseOn } from "../../src/server/testing/startTestPostgres";
import { contractsNeedCompiling, stackContracts, type E2eStack } from "./e2eStack";
import { e2eMultiHostNetwork, multiHostAddress, type E2eMultiHostPorts } from "./ports";

/** One `npm run serve` instance on a test host of its own. */
export interface MultiHostInstance {
  /** Its test host's name in the network ("a", "b"). */
  readonly host: "a" | "b";
  /** "10.77.0.11:<port>", as nginx's access log names it. */
  readonly upstream: string;
}

export interface MultiHostStack extends E2eStack {
  readonly network: Pick<TestNetwork, "cut" | "restore">;
  readonly instances: readonly [MultiHostInstance, MultiHostInstance];
  readonly nginx: Pick<RunningNginx, "accessLog">;
  /** The instances' database (PostgreSQL on its own test host), for reading what landed. */
  readonly databaseUrl: string;
}

export interface RunningMultiHostStack extends MultiHostStack {
  readonly startupMs: number;
  stop(): Promise<void>;
}

type Stopper = () => Promise<void>;
const SIDECAR = path.resolve(import.meta.dirname, "../../scripts/lib/netns/tcpForwardProcess.ts");
const POSTGRES_HOST = path.resolve(import.meta.dirname, "../../scripts/lib/netns/postgresHostProcess.ts");

/**
 * Production on several hosts, each a Linux network namespace on a private bridge (needs root):
 * nginx (deploy/nginx/poo-finance.conf) on one, two `npm run serve` instances (the compiled server,
 * NODE_ENV=production, API_HOST their own address) on two more, PostgreSQL on a fourth. The browser,
 * the local chain and the market-data stand-in stay in the root namespace; each instance's host reaches
 * the last two through a sidecar on its own loopback (a TCP forwarder: the server accepts plain http
 * to a market-data service only on loopback), as a real host reaches a node or a proxy it trusts.
 * Everything it made is removed by stop(), also when the start fails half-way.
 */
export async function startMultiHostStack({
  ports,
  log,
  rootDir = process.cwd(),
}: {
  ports: E2eMultiHostPorts;
  log: (message: string) => void;
  rootDir?: string;
}): Promise<RunningMultiHostStack> {
  const startedAt = performance.now();
  const stoppers: Stopper[] = [];
  const stop = async (): Promise<void> => {
    while (stoppers.length > 0)
      await stoppers
        .pop()?.()
        .catch((error: unknown) => log(`stop: ${String(error)}`));
  };
  try {
    const network = createTestNetwork({ ...e2eMultiHostNetwork, log });
    stoppers.push(async () => network.remove());
    const { gateway } = network;
    const netnsOf = (host: "nginx" | "a" | "b" | "pg") => network.hosts[host]?.netns ?? "";
    const dataDir = mkdtempSync(path.join(tmpdir(), "poo-e2e-multihost-"));
    stoppers.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const deploymentsDir = path.join(dataDir, "deployments");
    const launchpadDir = path.join(dataDir, "launchpad");

    const [local, postgres] = await Promise.all([
      startLocalStack({
        rootDir,
        web: "none",
        api: false,
        chainPort: ports.chain,
        explorerPort: false,
        skipCompile: !contractsNeedCompiling(rootDir),
        deploymentsDir,
        launchpadDir,
        log,
      }).then((started) => {
        stoppers.push(() => started.stop());
        return started;
      }),
      startInNetns({
        netns: netnsOf("pg"),
        script: POSTGRES_HOST,
        args: [multiHostAddress("pg"), `${e2eMultiHostNetwork.subnet}.0/24`],
        ready: /"adminUrl"/,
        log: (line) => log(`[pg] ${line}`),
      }).then((started) => {
        stoppers.push(() => started.stop());
        return started;
      }),
    ]);
    const { chainUrl, deployment, accounts, launches } = local;
    const { adminUrl } = JSON.parse(postgres.readyLine) as { adminUrl: string };
    const databaseUrl = await createDatabaseOn(adminUrl, "poo_e2e_multihost");

    // The web app for the local chain, built as `npm run build` builds it (Vite reads these at config time).
    const webUrl = `http://${multiHostAddress("nginx")}:${ports.web}`;
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

    // The chain and the market-data stand-in, reachable at the bridge's address, then from each
    // instance's own loopback through its sidecar.
    const cmc = await startCmcStandIn();
    stoppers.push(() => cmc.close());
    for (const [port, target] of [
      [ports.chain, new URL(chainUrl)],
      [ports.marketData, new URL(cmc.url)],
    ] as const) {
      const forwarder = await forwardTcp(
        { host: gateway, port },
        { host: target.hostname, port: Number(target.port) },
      );
      stoppers.push(() => forwarder.close());
    }

    const env = {
      NODE_ENV: "production",
      ALLOW_LOCAL_CHAIN: "true",
      LOG_LEVEL: "warn",
      SESSION_SECRET: randomBytes(32).toString("hex"),
      CMC_API_KEY: `cmc-${randomBytes(8).toString("hex")}`,
      CMC_API_URL: `http://127.0.0.1:${ports.marketData}`,
      DATABASE_URL: databaseUrl,
      TRUSTED_PROXIES: multiHostAddress("nginx"),
      SIWE_ALLOWED_ORIGINS: webUrl,
      SIWE_ALLOWED_CHAIN_IDS: String(deployment.chainId),
      [`CHAIN_RPC_URL_${deployment.chainId}`]: `http://127.0.0.1:${ports.chain}`,
      DEPLOYMENTS_DIR: deploymentsDir,
    };
    const hosts = ["a", "b"] as const;
    // Started together: both migrate the one database at start-up (an advisory lock serialises them).
    await Promise.all(
      hosts.map(async (host) => {
        const sidecar = await startInNetns({
          netns: netnsOf(host),
          script: SIDECAR,
          args: [ports.chain, ports.marketData].map((port) => `127.0.0.1:${port}=${gateway}:${port}`),
          ready: /^forwarding$/,
          log: (line) => log(`[${host} sidecar] ${line}`),
        });
        stoppers.push(() => sidecar.stop());
        const app = await startServedApp({
          rootDir,
          siteDir,
          host: multiHostAddress(host),
          port: ports.instance,
          launcher: ["ip", "netns", "exec", netnsOf(host)],
          entry,
          env,
          log: (line) => log(`[${host.toUpperCase()}] ${line}`),
        });
        stoppers.push(() => app.stop());
      }),
    );
    const instances = hosts.map((host): MultiHostInstance => ({
      host,
      upstream: `${multiHostAddress(host)}:${ports.instance}`,
    })) as unknown as readonly [MultiHostInstance, MultiHostInstance];

    const nginx = await startNginx({
      host: multiHostAddress("nginx"),
      port: ports.web,
      netns: netnsOf("nginx"),
      upstreams: instances.map((instance) => instance.upstream),
      log,
    });
    stoppers.push(() => nginx.stop());

    return {
      chainUrl,
      apiUrl: webUrl,
      webUrl,
      explorerUrl: undefined,
      deployment,
      contracts: stackContracts(deployment),
      accounts,
      launches,
      network: { cut: (host) => network.cut(host), restore: (host) => network.restore(host) },
      instances,
      nginx: { accessLog: () => nginx.accessLog() },
      databaseUrl,
      startupMs: performance.now() - startedAt,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
