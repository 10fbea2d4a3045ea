import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import { parseEther, type Hex } from "viem";
import type { PrivateKeyAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootServer, type BootedServer } from "./bootServer";
import { createPostgresDatabase } from "./testing/createPostgresDatabase";
import { FakeBalanceReader } from "./testing/FakeBalanceReader";
import { startFakeRpc, type FakeHttpService } from "./testing/fakeHttpService";
import { alice, bob, carol } from "./testing/hardhatAccounts";
import { startCmcStandIn } from "./testing/startCmcStandIn";

// A full sign-in and registration through the production server's own start-up (bootServer, as
// `npm run serve` runs it: production settings, PostgreSQL, CoinMarketCap, a chain RPC, the most
// verbose log level), with its log captured; then every secret that passed through is looked for in it.
const SITE = "http://127.0.0.1:5173";
const RPC_KEY = `rpckey${randomBytes(8).toString("hex")}`;
const SESSION_SECRET = randomBytes(24).toString("hex");
const CMC_API_KEY = `cmc-${randomBytes(12).toString("hex")}`;

let log = "";
let booted: BootedServer;
let url: string;
let databasePassword: string;
const services: FakeHttpService[] = [];

beforeAll(async () => {
  const cmc = await startCmcStandIn();
  // The chain: its id for readiness; any other question fails, so that a contract-wallet check of a
  // sign-in takes the error path (the one whose message viem fills with the URL and the request).
  const rpc = await startFakeRpc((method) =>
    method === "eth_chainId" ? { result: "0x7a69" } : { httpStatus: 500 },
  );
  services.push(cmc, rpc);
  const databaseUrl = await createPostgresDatabase("poo_logs");
  databasePassword = decodeURIComponent(new URL(databaseUrl).password);
  expect(databasePassword.length).toBeGreaterThan(8);

  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      log += chunk.toString("utf8");
      done();
    },
  });
  const started = await bootServer(
    {
      NODE_ENV: "production",
      ALLOW_LOCAL_CHAIN: "true",
      LOG_LEVEL: "trace",
      API_PORT: "0",
      SESSION_SECRET,
      CMC_API_KEY,
      CMC_API_URL: cmc.url,
      DATABASE_URL: databaseUrl,
      TRUSTED_PROXIES: "127.0.0.1",
      SIWE_ALLOWED_ORIGINS: SITE,
      SIWE_ALLOWED_CHAIN_IDS: "31337",
      CHAIN_RPC_URL_31337: `${rpc.url}/v2/${RPC_KEY}`,
    },
    {
      defaultNodeEnv: "production",
      serveSite: false,
      destination,
      overrides: {
        balanceReader: new FakeBalanceReader().set(31337, alice.address, parseEther("30000")),
      },
    },
  );
  if (!started) throw new Error(`the server did not start:\n${log}`);
  booted = started;
  url = started.server.url;
}, 60_000);

afterAll(async () => {
  await booted?.server.close();
  await Promise.all(services.map((service) => service.close()));
});

/**
 * A sign-in as the browser makes it: a nonce (with the cookie the server may bind it to, sent back on
 * verify), a SIWE message for `account`, signed by `signer`.
 */
async function signedMessage(account: PrivateKeyAccount, signer: PrivateKeyAccount) {
  const issued = await fetch(`${url}/api/auth/nonce`);
  const { nonce } = (await issued.json()) as { nonce: string };
  const nonceCookie = (issued.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  const message = createSiweMessage({
    address: account.address,
    chainId: 31337,
    domain: new URL(SITE).host,
    nonce,
    uri: SITE,
    version: "1",
    statement: "Sign in to POO Finance.",
    issuedAt: new Date(),
  });
  return { message, nonce, nonceCookie, signature: await signer.signMessage({ message }) };
}

const verify = ({
  message,
  signature,
  nonceCookie,
}: {
  message: string;
  signature: Hex;
  nonceCookie: string;
}) =>
  fetch(`${url}/api/auth/verify`, {
    method: "POST",
    headers: {
      origin: SITE,
      "content-type": "application/json",
      ...(nonceCookie ? { cookie: nonceCookie } : {}),
    },
    body: JSON.stringify({ message, signature }),
  });

/** A cookie's value ("name=value" -> "value"). */
const cookieValue = (cookie: string): string => cookie.slice(cookie.indexOf("=") + 1);

describe("the server's log", () => {
  it("holds no cookie, signature, sign-in message, key or database password after a full sign-in and registration", async () => {
    const secrets: Record<string, string> = {
      SESSION_SECRET,
      CMC_API_KEY,
      "the RPC URL's key": RPC_KEY,
      "DATABASE_URL's password": databasePassword,
    };

    const signIn = await signedMessage(alice, alice);
    const verified = await verify(signIn);
    expect(verified.status, await verified.clone().text()).toBe(200);
    const cookie = (verified.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    expect(cookieValue(cookie).length).toBeGreaterThan(16);
    if (signIn.nonceCookie) secrets["nonce cookie"] = cookieValue(signIn.nonceCookie);
    Object.assign(secrets, {
      "session cookie": cookieValue(cookie),
      "sign-in signature": signIn.signature,
      "sign-in message": signIn.message,
      "sign-in message's nonce line": `Nonce: ${signIn.nonce}`,
    });

    const withCookie = { origin: SITE, cookie, "content-type": "application/json" };
    expect((await fetch(`${url}/api/auth/me`, { headers: { cookie } })).status).toBe(200);
    const registered = await fetch(`${url}/api/launches/crap/registration`, {
      method: "PUT",
      headers: withCookie,
      body: JSON.stringify({ amountEth: "0.5" }),
    });
    expect(registered.status).toBe(201);
    expect((await fetch(`${url}/api/launches/crap/registration`, { headers: { cookie } })).status).toBe(200);

    // A signature that is not the address's own: checked on the chain, whose RPC fails (503, logged).
    const contractWallet = await signedMessage(carol, bob);
    expect((await verify(contractWallet)).status).toBe(503);
    Object.assign(secrets, { "contract-wallet signature": contractWallet.signature });

    expect((await fetch(`${url}/api/price/poo`)).status).toBe(200);
    expect((await fetch(`${url}/api/ready`)).status).toBe(200);
    expect((await fetch(`${url}/api/auth/logout`, { method: "POST", headers: withCookie })).status).toBe(204);

    // The log did record all of it: a line per request, the refused signature check.
    const lines = log
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.filter((line) => line.msg === "request")).toHaveLength(10);
    expect(lines.map((line) => line.msg)).toContain("Sign-in signature check failed");

    for (const [name, value] of Object.entries(secrets)) {
      const forms = new Set([value, value.replace(/^0x/, ""), JSON.stringify(value).slice(1, -1)]);
      for (const form of forms) expect(log.includes(form), `${name} is in the log`).toBe(false);
    }
  });
});
