import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parseServerConfig } from "./config/parseServerConfig";
import { startApiServer, type RunningApiServer } from "./startApiServer";
import { startFakeRpc, type FakeHttpService } from "./testing/fakeHttpService";
import { ServerMetrics } from "./metrics/ServerMetrics";
import { memoryLogger } from "./testing/memoryLogger";
import { metricValue } from "./testing/metricValue";
import { startTestPostgres, type TestPostgres } from "./testing/startTestPostgres";

// /api/ready of a running server against real dependencies: a PostgreSQL server of its own (stopped by
// the test) and a JSON-RPC node on 127.0.0.1.
describe("GET /api/ready and /api/health on a running server", () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function chainAnswering(chainIdHex: string | (() => string)): Promise<FakeHttpService> {
    const rpc = await startFakeRpc((method) =>
      method === "eth_chainId"
        ? { result: typeof chainIdHex === "string" ? chainIdHex : chainIdHex() }
        : undefined,
    );
    cleanups.push(() => rpc.close());
    return rpc;
  }

  const logger = memoryLogger();
  let metrics = new ServerMetrics();

  async function start(env: Record<string, string>): Promise<RunningApiServer> {
    const { config } = parseServerConfig({
      NODE_ENV: "test",
      API_PORT: "0",
      SESSION_SECRET: "readiness-test-secret-readiness-test-secret",
      SIWE_ALLOWED_CHAIN_IDS: "31337",
      ...env,
    });
    logger.lines.length = 0;
    metrics = new ServerMetrics();
    const server = await startApiServer(config, { logger, metrics, dependencyCheckIntervalMs: 200 });
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
      body: { status: "ready", checks: { database: "ok" } },
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

  const health = async (server: RunningApiServer) => {
    const response = await fetch(`${server.url}/api/health`);
    return {
      status: response.status,
      body: (await response.json()) as { dependencies: Record<string, unknown> },
    };
  };

  it("stays ready when a chain's RPC serves another chain id or does not answer; health, metrics and the log say so", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "poo-ready-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    let answered = "0x1";
    const wrongChain = await chainAnswering(() => answered);
    const server = await start({
      DATABASE_PATH: path.join(dir, "poo.sqlite"),
      SIWE_ALLOWED_CHAIN_IDS: "31337,11155111",
      CHAIN_RPC_URL_31337: wrongChain.url,
      // A closed port: nothing answers there.
      CHAIN_RPC_URL_11155111: "http://127.0.0.1:9",
    });
    // One provider's outage must not take every instance (and the site with them) out of rotation.
    expect(await readiness(server)).toEqual({
      status: 200,
      body: { status: "ready", checks: { database: "ok" } },
    });
    await expect
      .poll(async () => (await health(server)).body.dependencies, { timeout: 10_000, interval: 100 })
      .toEqual({
        database: { status: "ok" },
        "chain 31337": {
          status: "down",
          reason: "answers chain id 1, expected 31337",
          since: expect.any(String),
        },
        "chain 11155111": { status: "down", reason: "unavailable", since: expect.any(String) },
        price: { status: "unknown", reason: "not asked yet" },
      });
    expect((await health(server)).status).toBe(200);
    expect(await metricValue(metrics, "poo_dependency_up", { dependency: "chain 31337" })).toBe(0);
    expect(await metricValue(metrics, "poo_dependency_up", { dependency: "database" })).toBe(1);
    const down = logger.lines.filter((line) => line.message.startsWith("Dependency down"));
    expect(down.map((line) => [line.level, line.message, line.fields?.reason])).toEqual(
      expect.arrayContaining([
        [
          "warn",
          "Dependency down: chain 31337 (this instance stays ready)",
          "answers chain id 1, expected 31337",
        ],
        ["warn", "Dependency down: chain 11155111 (this instance stays ready)", expect.any(String)],
      ]),
    );

    // The provider comes back: health, the gauge and one log line follow; no line per failed check meanwhile.
    answered = "0x7a69";
    await expect
      .poll(async () => (await health(server)).body.dependencies["chain 31337"], {
        timeout: 10_000,
        interval: 100,
      })
      .toEqual({ status: "ok" });
    expect(await metricValue(metrics, "poo_dependency_up", { dependency: "chain 31337" })).toBe(1);
    expect(
      logger.lines.filter(
        (line) => line.message === "Dependency down: chain 31337 (this instance stays ready)",
      ),
    ).toHaveLength(1);
    expect(logger.lines.map((line) => line.message)).toContain("Dependency back: chain 31337");
    expect(logger.lines.map((line) => line.message)).not.toContain("Readiness check failed");
  }, 30_000);
});
