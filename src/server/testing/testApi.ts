import { parseEther } from "viem";
import type { PrivateKeyAccount } from "viem/accounts";
import { createSiweMessage, type CreateSiweMessageParameters } from "viem/siwe";
import { DevPriceSource } from "../adapters/DevPriceSource";
import { EcdsaSignatureVerifier } from "../adapters/EcdsaSignatureVerifier";
import { createApi, type ApiDeps } from "../createApi";
import type { Context } from "hono";
import { clientAddressResolver } from "../http/clientAddress";
import { untrustedForwarder } from "../http/untrustedForwarder";
import { ServerMetrics } from "../metrics/ServerMetrics";
import { NONCE_COOKIE, nonceBindingOf } from "../http/nonceCookie";
import type { NonceState } from "../ports/NonceStore";
import type { Stores } from "../openStores";
import { alice, bob, carol } from "./hardhatAccounts";
import { FakeBalanceReader } from "./FakeBalanceReader";
import { memoryLogger } from "./memoryLogger";
import { memoryStores } from "./memoryStores";
import { CheckReadiness } from "../use-cases/CheckReadiness";

export const SITE = "http://127.0.0.1:5173";
export const SITE_HOST = "127.0.0.1:5173";
export const API = "http://127.0.0.1:8787";
export const START = Date.parse("2025-06-02T10:00:00.000Z");
export const SECRET = "test-session-secret-0123456789abcdef";
/** The test's load balancer: the only trusted proxy, and the TCP peer unless a test says otherwise. */
export const PROXY = "10.0.0.1";
/** The client address the proxy reports unless a test sends its own X-Forwarded-For. */
export const CLIENT = "198.51.100.1";

/** The TCP peer of a test request: the x-test-peer header, or the trusted proxy. */
const testPeer = (c: Context) => c.req.header("x-test-peer") ?? PROXY;

export type RequestOptions = {
  cookie?: string;
  /**
   * The poo_nonce cookie to send: by default the one this test browser was last given (a jar of
   * one cookie, as a browser keeps it); null sends none.
   */
  nonceCookie?: string | null;
  origin?: string | null;
  contentType?: string | null;
  headers?: Record<string, string>;
};

export type TestApiShared = {
  /** Another instance's stores (two instances on one database); in-memory SQLite otherwise. */
  stores?: Stores;
  clock?: { now: number };
};

/**
 * The API wired with an in-memory SQLite database and fake chain adapters: a settable clock, Hardhat
 * accounts with POO balances (alice and bob eligible at the dev price, carol not), requests that
 * arrive through a trusted proxy (peer PROXY, X-Forwarded-For CLIENT unless the test sets one; the
 * x-test-peer header changes the peer), and helpers that sign in for real.
 */
export function createTestApi(overrides: Partial<ApiDeps> = {}, shared: TestApiShared = {}) {
  const clock = shared.clock ?? { now: START };
  const balances = new FakeBalanceReader()
    .set(31337, alice.address, parseEther("23810"))
    .set(31337, bob.address, parseEther("1000000"))
    .set(31337, carol.address, parseEther("23809"))
    .set(11155111, alice.address, parseEther("50000"));
  const stores = shared.stores ?? memoryStores();
  const { nonceStore, sessionStore, registrationStore: store } = stores;
  const logger = memoryLogger();
  const metrics = new ServerMetrics();
  const readiness = new CheckReadiness({
    checks: [{ name: "database", check: () => stores.check() }],
    logger,
    reuseMs: 0,
  });
  const app = createApi({
    allowedOrigins: [SITE, "http://localhost:5173"],
    allowedChainIds: [31337, 11155111],
    sessionSecrets: [SECRET],
    registrableLaunchIds: ["crap"],
    priceSource: new DevPriceSource(0.0042, () => clock.now),
    nonceStore,
    sessionStore,
    rateLimiter: stores.rateLimiter,
    signatureVerifier: new EcdsaSignatureVerifier(),
    balanceReader: balances,
    registrationStore: store,
    applicationStore: stores.applicationStore,
    priceHistoryStore: stores.priceHistoryStore,
    eligibilityPriceStore: stores.eligibilityPriceStore,
    logger,
    now: () => clock.now,
    clientAddress: clientAddressResolver([PROXY], testPeer),
    untrustedForwarder: untrustedForwarder([PROXY], testPeer),
    metrics,
    readiness,
    databaseUnavailable: (error) => stores.isUnavailable(error),
    ...overrides,
  });

  const jar: { nonceCookie?: string } = {};

  async function request(
    method: string,
    path: string,
    body?: unknown,
    options: RequestOptions = {},
  ): Promise<Response> {
    const headers = new Headers(options.headers);
    if (!headers.has("x-forwarded-for")) headers.set("x-forwarded-for", CLIENT);
    const origin = options.origin === undefined ? (method === "GET" ? null : SITE) : options.origin;
    if (origin !== null) headers.set("origin", origin);
    const nonceCookie = options.nonceCookie === undefined ? jar.nonceCookie : options.nonceCookie;
    const cookies = [options.cookie, nonceCookie].filter((cookie) => cookie !== undefined && cookie !== null);
    if (cookies.length > 0) headers.set("cookie", cookies.join("; "));
    if (body !== undefined) {
      const contentType = options.contentType === undefined ? "application/json" : options.contentType;
      if (contentType !== null) headers.set("content-type", contentType);
    }
    const payload = body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body);
    const response = await app.request(`${API}${path}`, { method, headers, body: payload });
    const given = response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0] ?? "")
      .find((cookie) => cookie.startsWith(`${NONCE_COOKIE}=`));
    if (given !== undefined) jar.nonceCookie = given;
    return response;
  }

  /** The state of `nonce` for this test browser (its nonce cookie), now. */
  function nonceState(nonce: string): Promise<NonceState> {
    const token = jar.nonceCookie?.slice(NONCE_COOKIE.length + 1) ?? "";
    return nonceStore.inspect(nonce, clock.now, nonceBindingOf(token));
  }

  async function nonce(): Promise<string> {
    const response = await request("GET", "/api/auth/nonce");
    const { nonce: value } = (await response.json()) as { nonce: string };
    return value;
  }

  /** A SIWE message as the web app would build it, with any field overridden. */
  async function message(
    account: PrivateKeyAccount,
    fields: Partial<CreateSiweMessageParameters> = {},
  ): Promise<string> {
    return createSiweMessage({
      address: account.address,
      chainId: 31337,
      domain: SITE_HOST,
      nonce: fields.nonce ?? (await nonce()),
      uri: SITE,
      version: "1",
      statement: "Sign in to POO Finance.",
      issuedAt: new Date(clock.now),
      ...fields,
    });
  }

  function verify(body: unknown, options?: RequestOptions): Promise<Response> {
    return request("POST", "/api/auth/verify", body, options);
  }

  /** Signs in for real and returns the session cookie ("poo_session=..."). */
  async function signIn(
    account: PrivateKeyAccount,
    fields: Partial<CreateSiweMessageParameters> = {},
  ): Promise<string> {
    const text = await message(account, fields);
    const response = await verify({ message: text, signature: await account.signMessage({ message: text }) });
    if (response.status !== 200)
      throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
    return sessionCookieOf(response);
  }

  return {
    app,
    clock,
    balances,
    stores,
    nonceStore,
    sessionStore,
    store,
    applicationStore: stores.applicationStore,
    priceHistoryStore: stores.priceHistoryStore,
    logger,
    metrics,
    readiness,
    request,
    jar,
    nonceState,
    nonce,
    message,
    verify,
    signIn,
  };
}

export function sessionCookieOf(response: Response): string {
  const header = response.headers.get("set-cookie");
  if (!header) throw new Error("no Set-Cookie in the response");
  return header.split(";")[0] ?? "";
}

export async function errorOf(response: Response): Promise<string> {
  const body = (await response.json()) as { error?: unknown };
  return String(body.error);
}
