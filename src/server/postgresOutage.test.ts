import { parseEther } from "viem";
import { createSiweMessage } from "viem/siwe";
import { afterEach, describe, expect, it } from "vitest";
import { parseServerConfig } from "./config/parseServerConfig";
import { DATABASE_UNAVAILABLE } from "./createApi";
import { ServerMetrics } from "./metrics/ServerMetrics";
import { startApiServer } from "./startApiServer";
import { FakeBalanceReader } from "./testing/FakeBalanceReader";
import { alice } from "./testing/hardhatAccounts";
import { memoryLogger } from "./testing/memoryLogger";
import { metricValue } from "./testing/metricValue";
import { startTestPostgres } from "./testing/startTestPostgres";

const SITE = "http://127.0.0.1:5173";
/** Each request's bound: connecting or a statement (1 s each here), the client's 1 s more, and slack. */
const FAIL_FAST_MS = 6_000;

// A PostgreSQL of the test's own that stops answering (SIGSTOP to its processes: connections stay open,
// nothing answers, as with a frozen host or packets dropped), then answers again (SIGCONT).
describe("PostgreSQL stops answering, then answers again", () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it("every route that needs the database answers 503 fast with a clear message; all recover", async () => {
    const postgres = await startTestPostgres();
    cleanups.push(() => postgres.stop());
    const { config } = parseServerConfig({
      NODE_ENV: "test",
      API_PORT: "0",
      SESSION_SECRET: "outage-test-secret-outage-test-secret-0123",
      SIWE_ALLOWED_CHAIN_IDS: "31337",
      DATABASE_URL: await postgres.createDatabase("poo_outage"),
      DATABASE_POOL_SIZE: "4",
      DATABASE_CONNECT_TIMEOUT_MS: "1000",
      DATABASE_STATEMENT_TIMEOUT_MS: "1000",
    });
    const logger = memoryLogger();
    const metrics = new ServerMetrics();
    const server = await startApiServer(config, {
      balanceReader: new FakeBalanceReader().set(31337, alice.address, parseEther("30000")),
      logger,
      metrics,
    });
    cleanups.push(() => server.close());
    // Cleanups run last first: the database answers again before the server closes its pool.
    cleanups.push(async () => postgres.resume());
    const send = (method: string, path: string, init: { cookie?: string; body?: unknown } = {}) =>
      fetch(`${server.url}${path}`, {
        method,
        headers: {
          origin: SITE,
          ...(init.cookie ? { cookie: init.cookie } : {}),
          ...(init.body ? { "content-type": "application/json" } : {}),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });

    // Before the outage: a signed-in browser, and a signed message waiting for its verify.
    const signedBody = async () => {
      const response = await send("GET", "/api/auth/nonce");
      const { nonce } = (await response.json()) as { nonce: string };
      const nonceCookie = (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
      const message = createSiweMessage({
        address: alice.address,
        chainId: 31337,
        domain: "127.0.0.1:5173",
        nonce,
        uri: SITE,
        version: "1",
        issuedAt: new Date(),
      });
      return { nonceCookie, body: { message, signature: await alice.signMessage({ message }) } };
    };
    const first = await signedBody();
    const verified = await send("POST", "/api/auth/verify", { cookie: first.nonceCookie, body: first.body });
    expect(verified.status).toBe(200);
    const cookie = (verified.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const pending = await signedBody();

    postgres.suspend();
    const routes: Array<[string, string, { cookie?: string; body?: unknown }?]> = [
      ["GET", "/api/auth/nonce"],
      ["POST", "/api/auth/verify", { cookie: pending.nonceCookie, body: pending.body }],
      ["GET", "/api/auth/me", { cookie }],
      ["PUT", "/api/launches/crap/registration", { cookie, body: { amountEth: "0.5" } }],
      ["GET", "/api/launches/crap/registration", { cookie }],
      [
        "POST",
        "/api/launch-applications",
        {
          cookie,
          body: {
            projectName: "Outage",
            tokenSymbol: "OUT",
            website: "https://outage.example",
            contact: "@outage",
            description: "A project applying while the database is down.",
          },
        },
      ],
      ["GET", "/api/price/poo/history?period=1M"],
      ["POST", "/api/auth/logout", { cookie }],
    ];
    const answers = await Promise.all(
      routes.map(async ([method, path, init]) => {
        const started = performance.now();
        const response = await send(method, path, init);
        return {
          route: `${method} ${path}`,
          status: response.status,
          retryAfter: response.headers.get("retry-after"),
          body: (await response.json()) as unknown,
          fast: performance.now() - started < FAIL_FAST_MS,
        };
      }),
    );
    expect(answers).toEqual(
      routes.map(([method, path]) => ({
        route: `${method} ${path}`,
        status: 503,
        retryAfter: "5",
        body: { error: DATABASE_UNAVAILABLE },
        fast: true,
      })),
    );
    // Liveness never waits for the database; readiness names it, within its own bound.
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    const ready = await fetch(`${server.url}/api/ready`);
    expect({ status: ready.status, body: await ready.json() }).toEqual({
      status: 503,
      body: { status: "not ready", down: { database: "unavailable" } },
    });
    expect(await metricValue(metrics, "poo_database_unavailable_total")).toBe(routes.length);
    // One log line per 10 s for the outage, not one per request.
    expect(logger.lines.filter((line) => line.message === "Database unavailable: answered 503")).toHaveLength(
      1,
    );
    expect(logger.lines.map((line) => line.message)).not.toContain("Unhandled API error");

    postgres.resume();
    await expect
      .poll(async () => (await send("GET", "/api/auth/me", { cookie })).status, {
        timeout: 20_000,
        interval: 250,
      })
      .toBe(200);
    expect(
      (await send("PUT", "/api/launches/crap/registration", { cookie, body: { amountEth: "0.5" } })).status,
    ).toBe(201);
    expect((await fetch(`${server.url}/api/ready`)).status).toBe(200);
  }, 90_000);
});
