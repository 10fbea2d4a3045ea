import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parseServerConfig } from "./config/parseServerConfig";
import { startApiServer, type RunningApiServer } from "./startApiServer";
import { startFakeRpc, type FakeHttpService } from "./testing/fakeHttpService";
import { memoryLogger } from "./testing/memoryLogger";
import { startTestPostgres, type TestPostgres } from "./testing/startTestPostgres";

// /api/ready of a running server against real dependencies: a PostgreSQL server of its own (stopped by
// the test) and a JSON-RPC node on 127.0.0.1.
describe("GET /api/ready on a running server", () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function chainAnswering(chainIdHex: string): Promise<FakeHttpService> {
    const rpc = await startFakeRpc((method) =>
      method === "eth_chainId" ? { result: chainIdHex } : undefined,
    );
    cleanups.push(() => rpc.close());
    return rpc;
  }

  async function start(env: Record<string, string>): Promise<RunningApiServer> {
    const { config } = parseServerConfig({
      NODE_ENV: "test",
      API_PORT: "0",
      SESSION_SECRET: "readiness-test-secret-readiness-test-secret",
      SIWE_ALLOWED_CHAIN_IDS: "31337",
      ...env,
    });
    const server = await startApiServer(config, { logger: memoryLogger() });
    cleanups.push(() => server.close());
    return server;
  }

  const readiness = async (server: RunningApiServer) => {
    const response = await fetch(`${server.url}/api/ready`);
    return { status: response.status, body: (await response.json()) as unknown };
  };

  it("turns 503 naming the database when PostgreSQL stops, while the chain stays ok", async () => {
    const postgres: TestPostgres = await startTestPostgres();
    let stopped = false;
    cleanups.push(async () => {
      if (!stopped) await postgres.stop();
    });
    const rpc = await chainAnswering("0x7a69");
    const server = await start({
      DATABASE_URL: await postgres.createDatabase("poo_ready"),
      CHAIN_RPC_URL_31337: rpc.url,
    });
    expect(await readiness(server)).toEqual({
      status: 200,
      body: { status: "ready", checks: { database: "ok", "chain 31337": "ok" } },
    });

    await postgres.stop();
    stopped = true;
    // A report is reused for a second at most.
    await expect
      .poll(() => readiness(server), { timeout: 10_000, interval: 500 })
      .toEqual({
        status: 503,
        body: { status: "not ready", down: { database: "unavailable" } },
      });
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  }, 60_000);

  it("turns 503 naming a chain whose RPC serves another chain id, or does not answer", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "poo-ready-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const mainnet = await chainAnswering("0x1");
    const server = await start({
      DATABASE_PATH: path.join(dir, "poo.sqlite"),
      SIWE_ALLOWED_CHAIN_IDS: "31337,11155111",
      CHAIN_RPC_URL_31337: mainnet.url,
      // A closed port: nothing answers there.
      CHAIN_RPC_URL_11155111: "http://127.0.0.1:9",
    });
    expect(await readiness(server)).toEqual({
      status: 503,
      body: {
        status: "not ready",
        down: { "chain 31337": "answers chain id 1, expected 31337", "chain 11155111": "unavailable" },
      },
    });
  }, 30_000);
});
