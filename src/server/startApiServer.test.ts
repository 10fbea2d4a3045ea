import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseEther } from "viem";
import type { PrivateKeyAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SqliteRegistrationStore } from "./adapters/SqliteRegistrationStore";
import { parseServerConfig } from "./config/parseServerConfig";
import type { ServerConfig } from "./config/ServerConfig";
import { startApiServer, type RunningApiServer } from "./startApiServer";
import { alice, bob } from "./testing/hardhatAccounts";
import { FakeBalanceReader } from "./testing/FakeBalanceReader";
import { memoryLogger } from "./testing/memoryLogger";

const SITE = "http://127.0.0.1:5173";

async function signIn(server: RunningApiServer, account: PrivateKeyAccount): Promise<string> {
  const { nonce } = (await (await fetch(`${server.url}/api/auth/nonce`)).json()) as { nonce: string };
  const message = createSiweMessage({
    address: account.address,
    chainId: 31337,
    domain: "127.0.0.1:5173",
    nonce,
    uri: SITE,
    version: "1",
    issuedAt: new Date(),
  });
  const response = await fetch(`${server.url}/api/auth/verify`, {
    method: "POST",
    headers: { origin: SITE, "content-type": "application/json" },
    body: JSON.stringify({ message, signature: await account.signMessage({ message }) }),
  });
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

    const store = SqliteRegistrationStore.open(config.databasePath);
    expect(await store.findById(id)).toMatchObject({ tokenSymbol: "PILE", submittedBy: alice.address });
    store.close();
  });

  it("rejects when the port is taken, and closing twice is harmless", async () => {
    const server = await start();
    const port = Number(new URL(server.url).port);
    await expect(start({ port })).rejects.toThrow(/EADDRINUSE/);
    await server.close();
    await server.close();
  });
});
