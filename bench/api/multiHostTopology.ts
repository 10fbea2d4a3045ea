import path from "node:path";
import { forwardTcp } from "../../scripts/lib/netns/forwardTcp";
import { startInNetns } from "../../scripts/lib/netns/startInNetns";
import { createTestNetwork, type TestNetwork } from "../../scripts/lib/netns/testNetwork";
import { startNginx } from "../../scripts/lib/nginx/startNginx";
import { createDatabaseOn } from "../../src/server/testing/startTestPostgres";
import { ROOT_DIR } from "../config";
import type { Stoppers } from "../lifecycle";
import { startApiInstance, type ApiInstance } from "./apiInstance";

/** bench:api's test network: 10.77.1.0/24 (the browser tests' is 10.77.0.0/24), clients 10.77.128.0/17. */
const SUBNET = "10.77.1";
const address = (host: "nginx" | "a" | "b" | "pg") =>
  `${SUBNET}.${10 + ["nginx", "a", "b", "pg"].indexOf(host)}`;

export interface MultiHostTopology {
  readonly network: Pick<TestNetwork, "cut" | "restore">;
  /** nginx on its own host. */
  readonly baseUrl: string;
  readonly databaseUrl: string;
  readonly instances: readonly ApiInstance[];
  /** Requests nginx sent to a second instance after the first failed. */
  failovers(): number;
}

/**
 * The rush's topology on several hosts (Linux network namespaces): nginx, two API instances and a
 * durable PostgreSQL each on its own host; the clients, the chain and its counting proxy on this one.
 * Each instance reaches the counting proxy through a sidecar on its own loopback. Everything is
 * registered with `stoppers`.
 */
export async function startMultiHostTopology(options: {
  stoppers: Stoppers;
  /** The counting proxy's port on 127.0.0.1 (the instances' CHAIN_RPC_URL_31337). */
  rpcPort: number;
  nginxPort: number;
  instancePort: number;
  /** The instances' environment (CHAIN_RPC_URL_31337 and the rest; DATABASE_URL, hosts set here). */
  env: Record<string, string>;
  logDir: string;
  log: (message: string) => void;
}): Promise<MultiHostTopology> {
  const { stoppers, log } = options;
  const network = createTestNetwork({
    prefix: "poo-mhb",
    subnet: SUBNET,
    hosts: ["nginx", "a", "b", "pg"],
    clientRange: "10.77.128.0/17",
    log,
  });
  stoppers.add("test network", async () => network.remove());
  const netns = (host: "nginx" | "a" | "b" | "pg") => network.hosts[host]?.netns ?? "";

  const postgres = await startInNetns({
    netns: netns("pg"),
    script: path.join(ROOT_DIR, "scripts/lib/netns/postgresHostProcess.ts"),
    args: [address("pg"), `${SUBNET}.0/24`, "durable"],
    ready: /"adminUrl"/,
    log: (line) => log(`[pg] ${line}`),
  });
  stoppers.add("PostgreSQL host", () => postgres.stop());
  const { adminUrl } = JSON.parse(postgres.readyLine) as { adminUrl: string };
  const databaseUrl = await createDatabaseOn(adminUrl, "poo_bench_multihost");

  const forwarder = await forwardTcp(
    { host: network.gateway, port: options.rpcPort },
    { host: "127.0.0.1", port: options.rpcPort },
  );
  stoppers.add("RPC forwarder", () => forwarder.close());
  const instances = await Promise.all(
    (["a", "b"] as const).map(async (host) => {
      const sidecar = await startInNetns({
        netns: netns(host),
        script: path.join(ROOT_DIR, "scripts/lib/netns/tcpForwardProcess.ts"),
        args: [`127.0.0.1:${options.rpcPort}=${network.gateway}:${options.rpcPort}`],
        ready: /^forwarding$/,
        log: (line) => log(`[${host} sidecar] ${line}`),
      });
      stoppers.add(`sidecar ${host}`, () => sidecar.stop());
      const instance = await startApiInstance(
        options.instancePort,
        {
          ...options.env,
          API_HOST: address(host),
          TRUSTED_PROXIES: address("nginx"),
          DATABASE_URL: databaseUrl,
        },
        path.join(options.logDir, `api-multihost-${host}.log`),
        ["ip", "netns", "exec", netns(host)],
      );
      stoppers.add(`API instance on host ${host}`, () => instance.stop());
      return instance;
    }),
  );
  const nginx = await startNginx({
    host: address("nginx"),
    port: options.nginxPort,
    netns: netns("nginx"),
    upstreams: instances.map((instance) => new URL(instance.url).host),
    log,
  });
  stoppers.add("nginx (multi-host)", () => nginx.stop());
  return {
    network: { cut: (host) => network.cut(host), restore: (host) => network.restore(host) },
    baseUrl: nginx.url,
    databaseUrl,
    instances,
    failovers: () => nginx.accessLog().filter((entry) => entry.upstreams.length > 1).length,
  };
}
