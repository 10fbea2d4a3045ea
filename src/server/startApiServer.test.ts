import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseEther } from "viem";
import type { PrivateKeyAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseServerConfig } from "./config/parseServerConfig";
import type { ServerConfig } from "./config/ServerConfig";
import { ServerMetrics } from "./metrics/ServerMetrics";
import { openStores } from "./openStores";
import { startApiServer, type RunningApiServer } from "./startApiServer";
import { alice, bob } from "./testing/hardhatAccounts";
import { FakeBalanceReader } from "./testing/FakeBalanceReader";
import { memoryLogger } from "./testing/memoryLogger";
import { metricValue } from "./testing/metricValue";
import { startFakeHttpService, startFakeRpc } from "./testing/fakeHttpService";
import { STORE_ENGINES } from "./testing/storeEngines";

const SITE = "http://127.0.0.1:5173";

/** The body of POST /api/auth/verify: a SIWE message for `nonce`, signed by the account. */
async function verifyBody(account: PrivateKeyAccount, nonce: string): Promise<string> {
  const message = createSiweMessage({
    address: account.address,
    chainId: 31337,
    domain: "127.0.0.1:5173",
    nonce,
    uri: SITE,
    version: "1",
    issuedAt: new Date(),
  });
  return JSON.stringify({ message, signature: await account.signMessage({ message }) });
}

/** A nonce and the poo_nonce cookie it is bound to ("" when the answer set none). */
async function getNonce(server: RunningApiServer): Promise<{ nonce: string; nonceCookie: string }> {
  const response = await fetch(`${server.url}/api/auth/nonce`);
  const { nonce } = (await response.json()) as { nonce: string };
  return { nonce, nonceCookie: (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "" };
}

function postVerify(server: RunningApiServer, body: string, nonceCookie: string): Promise<Response> {
  return fetch(`${server.url}/api/auth/verify`, {
    method: "POST",
    headers: { origin: SITE, "content-type": "application/json", cookie: nonceCookie },
    body,
  });
}

async function signIn(server: RunningApiServer, account: PrivateKeyAccount): Promise<string> {
  const { nonce, nonceCookie } = await getNonce(server);
  const response = await postVerify(server, await verifyBody(account, nonce), nonceCookie);
  expect(response.status).toBe(200);
  return (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
}

function register(server: RunningApiServer, cookie: string, amountEth: string): Promise<Response> {
  return fetch(`${server.url}/api/launches/crap/registration`, {
    method: "PUT",
    headers: { origin: SITE, cookie, "content-type": "application/json" },
    body: JSON.stringify({ amountEth }),
  });
}

describe("startApiServer", () => {
  let dir: string;
  let config: ServerConfig;
  const running: RunningApiServer[] = [];
  const balances = new FakeBalanceReader()
    .set(31337, alice.address, parseEther("30000"))
    .set(31337, bob.address, parseEther("30000"));
  // Real adapters except the chain's balances; EOA signatures verify without contacting the RPC.
  const start = async (overrides: Partial<ServerConfig> = {}) => {
    const server = await startApiServer(
      { ...config, ...overrides },
      { balanceReader: balances, logger: memoryLogger() },
    );
    running.push(server);
    return server;
  };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "poo-api-"));
    config = parseServerConfig({
      NODE_ENV: "test",
      API_PORT: "0",
      SESSION_SECRET: "restart-test-secret-restart-test-secret",
      DATABASE_PATH: join(dir, "data", "poo.sqlite"),
      DEPLOYMENTS_DIR: join(dir, "deployments"),
    }).config;
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((server) => server.close()));
    rmSync(dir, { recursive: true, force: true });
  });

  it("listens on 127.0.0.1 on a free port and answers over HTTP", async () => {
    const server = await start();
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await fetch(`${server.url}/api/price/poo`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ usd: 0.0042, source: "dev" });
  });

  it("listens on the address API_HOST names; counts and logs X-Forwarded-For from a peer TRUSTED_PROXIES does not list", async () => {
    const logger = memoryLogger();
    const metrics = new ServerMetrics();
    const server = await startApiServer(
      { ...config, host: "127.0.0.2", trustedProxies: ["10.0.0.2"] },
      { balanceReader: balances, logger, metrics },
    );
    running.push(server);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.2:\d+$/);
    for (let i = 0; i < 3; i += 1) {
      const response = await fetch(`${server.url}/api/health`, {
        headers: { "x-forwarded-for": "203.0.113.5" },
      });
      expect(response.status).toBe(200);
    }
    expect(await metricValue(metrics, "poo_untrusted_forwarded_for_total")).toBe(3);
    const warned = logger.lines.filter((line) => line.message.includes("TRUSTED_PROXIES does not list"));
    expect(warned).toHaveLength(1);
    expect(warned[0]?.message).toMatch(
      /^X-Forwarded-For from 127\.0\.0\.\d+, which TRUSTED_PROXIES does not list/,
    );
  });

  it("serves Prometheus metrics on a listener of its own, behind a bearer token, and never on the API's port", async () => {
    const token = "m".repeat(40);
    const server = await start({ metrics: { host: "127.0.0.1", port: 0, token } });
    expect(server.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    const metricsUrl = server.metricsUrl ?? "";
    expect(new URL(metricsUrl).port).not.toBe(new URL(server.url).port);
    await fetch(`${server.url}/api/price/poo`);

    expect((await fetch(metricsUrl)).status).toBe(401);
    expect((await fetch(metricsUrl, { headers: { authorization: `Bearer ${"x".repeat(40)}` } })).status).toBe(
      401,
    );
    const scrape = await fetch(metricsUrl, { headers: { authorization: `Bearer ${token}` } });
    expect(scrape.status).toBe(200);
    expect(scrape.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await scrape.text();
    for (const name of [
      'poo_http_requests_total{method="GET",route="/api/price/poo",status_class="2xx"} 1',
      "poo_http_request_duration_seconds_bucket",
      "poo_rate_limit_refusals_total",
      "poo_untrusted_forwarded_for_total 0",
      "poo_database_unavailable_total 0",
      'poo_dependency_up{dependency="price"} 1',
      "poo_nodejs_eventloop_lag_seconds",
    ]) {
      expect(text).toContain(name);
    }
    const other = new URL(metricsUrl);
    other.pathname = "/";
    expect((await fetch(other, { headers: { authorization: `Bearer ${token}` } })).status).toBe(404);
    // The API's port (what nginx forwards) has no metrics.
    const onApi = await fetch(`${server.url}/metrics`);
    expect(onApi.status).toBe(404);
    expect(await onApi.text()).not.toContain("poo_http_requests_total");
  });

  it("reports the activity indexer in /api/health (never in /api/ready) and counts what /indexer passes to it", async () => {
    const rpc = await startFakeRpc((method) =>
      method === "eth_chainId"
        ? { result: "0x7a69" }
        : method === "eth_blockNumber"
          ? { result: "0x3e8" }
          : undefined,
    );
    // Ponder's /status and the indexer's /activity: indexed to block 990 of the chain's 1,000.
    const indexer = await startFakeHttpService((request, _body, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        request.url === "/status"
          ? JSON.stringify({ chain: { id: 31337, block: { number: 990, timestamp: 1 } } })
          : JSON.stringify({ entries: [] }),
      );
    });
    const metrics = new ServerMetrics();
    try {
      const server = await startApiServer(
        { ...config, indexerUrl: indexer.url, rpcUrls: { 31337: [rpc.url] } },
        { balanceReader: balances, logger: memoryLogger(), metrics, dependencyCheckIntervalMs: 100 },
      );
      running.push(server);
      const indexerState = async () =>
        (
          (await (await fetch(`${server.url}/api/health`)).json()) as {
            dependencies: Record<string, { status: string; reason?: string }>;
          }
        ).dependencies.indexer;
      await expect.poll(indexerState).toEqual({ status: "ok" });
      expect(await metricValue(metrics, "poo_indexer_lag_blocks", { chain: "31337" })).toBe(10);
      expect((await fetch(`${server.url}/indexer/activity?chainId=31337&account=0x1`)).status).toBe(200);

      await indexer.close();
      expect((await fetch(`${server.url}/indexer/head?chainId=31337`)).status).toBe(502);
      await expect.poll(indexerState).toMatchObject({ status: "down", reason: "unavailable" });
      // Only the activity list needs it: this instance stays in rotation.
      expect((await fetch(`${server.url}/api/ready`)).status).toBe(200);
      expect(await metricValue(metrics, "poo_indexer_proxy_requests_total", { outcome: "ok" })).toBe(1);
      expect(await metricValue(metrics, "poo_indexer_proxy_requests_total", { outcome: "unreachable" })).toBe(
        1,
      );
      expect(await metricValue(metrics, "poo_dependency_up", { dependency: "indexer" })).toBe(0);
      // Not known while it does not answer: no stale figure.
      expect((await metrics.exposition()).text).not.toContain("poo_indexer_lag_blocks{");
    } finally {
      await Promise.all([rpc.close(), indexer.close()]);
    }
  });

  it("keeps every registration and application across a restart on the same database file", async () => {
    const first = await start();
    const aliceCookie = await signIn(first, alice);
    const bobCookie = await signIn(first, bob);
    expect((await register(first, aliceCookie, "0.25")).status).toBe(201);
    expect((await register(first, bobCookie, "1.5")).status).toBe(201);
    expect((await register(first, aliceCookie, "0.75")).status).toBe(200);
    const application = await fetch(`${first.url}/api/launch-applications`, {
      method: "POST",
      headers: { origin: SITE, cookie: aliceCookie, "content-type": "application/json" },
      body: JSON.stringify({
        projectName: "Doge Pile",
        tokenSymbol: "PILE",
        website: "https://pile.example",
        contact: "@pile",
        description: "A community token that piles up rewards.",
      }),
    });
    expect(application.status).toBe(201);
    const { id } = (await application.json()) as { id: string };
    await first.close();

    const second = await start();
    const read = async (cookie: string) => {
      const response = await fetch(`${second.url}/api/launches/crap/registration`, { headers: { cookie } });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    // Same SESSION_SECRET, so the cookies issued before the restart still hold.
    expect(await read(aliceCookie)).toMatchObject({
      status: 200,
      body: { address: alice.address, amountEth: "0.75" },
    });
    expect(await read(bobCookie)).toMatchObject({
      status: 200,
      body: { address: bob.address, amountEth: "1.5" },
    });
    expect(await read(await signIn(second, alice))).toMatchObject({
      status: 200,
      body: { amountEth: "0.75" },
    });
    await second.close();

    const stores = await openStores({ url: undefined, path: config.databasePath }, memoryLogger());
    expect(await stores.applicationStore.findById(id)).toMatchObject({
      tokenSymbol: "PILE",
      submittedBy: alice.address,
    });
    await stores.close();
  });

  it("seeds sample prices once when asked (the local stack), and serves them marked as sample", async () => {
    const first = await start({ seedSamplePriceHistory: true });
    const body = (await (await fetch(`${first.url}/api/price/poo/history?period=3M`)).json()) as {
      points: unknown[];
      sample: boolean;
    };
    expect(body.sample).toBe(true);
    expect(body.points.length).toBeGreaterThan(100);
    await first.close();
    await start({ seedSamplePriceHistory: true });
    const stores = await openStores({ url: undefined, path: config.databasePath }, memoryLogger());
    expect(await stores.priceHistoryStore.range(new Date(0), new Date())).toHaveLength(2160);
    await stores.close();
  });

  it("rejects when the port is taken, and closing twice is harmless", async () => {
    const server = await start();
    const port = Number(new URL(server.url).port);
    await expect(start({ port })).rejects.toThrow(/EADDRINUSE/);
    await server.close();
    await server.close();
  });
});

// Two instances behind a load balancer: whatever one knows, the other must know.
describe.each(STORE_ENGINES)("two API instances on one $name database", (engine) => {
  const running: RunningApiServer[] = [];
  let remove: () => void = () => undefined;
  afterEach(async () => {
    await Promise.all(running.splice(0).map((server) => server.close()));
    remove();
  });

  async function startTwo(): Promise<[RunningApiServer, RunningApiServer]> {
    const database = await engine.newDatabase();
    remove = database.remove;
    const { config } = parseServerConfig({
      NODE_ENV: "test",
      API_PORT: "0",
      SESSION_SECRET: "two-instances-secret-two-instances-secret",
      DATABASE_PATH: database.settings.path,
      DATABASE_URL: database.settings.url,
    });
    const balances = new FakeBalanceReader().set(31337, alice.address, parseEther("30000"));
    const start = () => startApiServer(config, { balanceReader: balances, logger: memoryLogger() });
    const servers = await Promise.all([start(), start()]);
    running.push(...servers);
    return servers;
  }

  it("verifies on B a nonce issued by A to this browser only, once; sign-out on A refuses the cookie on B", async () => {
    const [a, b] = await startTwo();
    const { nonce, nonceCookie } = await getNonce(a);
    expect(nonceCookie).toMatch(/^poo_nonce=[A-Za-z0-9_-]{22}$/);
    const body = await verifyBody(alice, nonce);
    const verify = (server: RunningApiServer, cookie = nonceCookie) => postVerify(server, body, cookie);
    const otherBrowser = await verify(b, (await getNonce(b)).nonceCookie);
    expect({ status: otherBrowser.status, body: await otherBrowser.json() }).toEqual({
      status: 401,
      body: { error: "Sign-in nonce was issued to another browser; request a new one." },
    });
    const onB = await verify(b);
    expect(onB.status).toBe(200);
    const replayOnA = await verify(a);
    expect({ status: replayOnA.status, body: await replayOnA.json() }).toEqual({
      status: 401,
      body: { error: "Sign-in nonce has already been used." },
    });
    const cookie = (onB.headers.get("set-cookie") ?? "").split(";")[0] ?? "";

    expect((await register(a, cookie, "0.5")).status).toBe(201);
    const readOnB = await fetch(`${b.url}/api/launches/crap/registration`, { headers: { cookie } });
    expect(await readOnB.json()).toMatchObject({ amountEth: "0.5", standing: "eligible" });

    const logout = await fetch(`${a.url}/api/auth/logout`, {
      method: "POST",
      headers: { origin: SITE, cookie },
    });
    expect(logout.status).toBe(204);
    expect((await fetch(`${b.url}/api/auth/me`, { headers: { cookie } })).status).toBe(401);
    expect((await register(b, cookie, "1")).status).toBe(401);
  });

  it("shares rate limits: a client gets 20 nonces a minute in all, not 20 per instance", async () => {
    const [a, b] = await startTwo();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      const response = await fetch(`${(i % 2 ? a : b).url}/api/auth/nonce`, {
        headers: { "x-forwarded-for": "203.0.113.50" },
      });
      statuses.push(response.status);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(20);
    expect(statuses.at(-1)).toBe(429);
  });
});
