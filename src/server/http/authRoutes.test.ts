import { pad } from "viem";
import { describe, expect, it } from "vitest";
import { PublicClientPool } from "../adapters/PublicClientPool";
import { ViemSignatureVerifier } from "../adapters/ViemSignatureVerifier";
import type { SignatureVerifier } from "../ports/SignatureVerifier";
import { scriptedTransport } from "../testing/scriptedTransport";
import { alice, bob } from "../testing/hardhatAccounts";
import { createTestApi, errorOf, SITE, START, sessionCookieOf } from "../testing/testApi";

/** The answer is `status` with `error`, and sets no cookie. */
async function expectRefused(response: Response, status: number, error: string) {
  expect({ status: response.status, error: await errorOf(response) }).toEqual({ status, error });
  expect(response.headers.get("set-cookie")).toBeNull();
}

describe("GET /api/auth/nonce", () => {
  it("hands out distinct 128-bit alphanumeric nonces that expire in 5 minutes", async () => {
    const api = createTestApi();
    const response = await api.request("GET", "/api/auth/nonce");
    expect(response.status).toBe(200);
    const body = (await response.json()) as { nonce: string; expiresAt: string };
    expect(body.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(body.expiresAt).toBe(new Date(api.clock.now + 5 * 60_000).toISOString());
    expect(await api.nonceState(body.nonce)).toBe("valid");
    const more = await Promise.all(Array.from({ length: 10 }, () => api.nonce()));
    expect(new Set([body.nonce, ...more]).size).toBe(11);
  });

  it("limits each client to 20 nonces a minute, with Retry-After", async () => {
    const api = createTestApi();
    for (let i = 0; i < 20; i += 1) expect((await api.request("GET", "/api/auth/nonce")).status).toBe(200);
    const limited = await api.request("GET", "/api/auth/nonce");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("60");
    expect(await errorOf(limited)).toBe("Too many requests; retry in 60 s.");
    const otherClient = await api.request("GET", "/api/auth/nonce", undefined, {
      headers: { "x-forwarded-for": "203.0.113.9" },
    });
    expect(otherClient.status).toBe(200);
    api.clock.now += 60_000;
    expect((await api.request("GET", "/api/auth/nonce")).status).toBe(200);
  });
  it("counts an IPv6 client by its /64: the 21st nonce from 21 addresses of one /64 is refused", async () => {
    const api = createTestApi();
    const from = (address: string) =>
      api.request("GET", "/api/auth/nonce", undefined, { headers: { "x-forwarded-for": address } });
    for (let host = 1; host <= 20; host += 1) {
      // Every spelling of an address in the /64 counts for the same client.
      const address =
        host % 2 === 0 ? `2001:db8:0:7::${host.toString(16)}` : `2001:0db8:0000:0007:${host}:0:0:1`;
      expect((await from(address)).status, address).toBe(200);
    }
    expect((await from("2001:db8:0:7:ffff:ffff:ffff:ffff")).status).toBe(429);
    // The neighbouring /64 is another client, and so is an IPv4 client.
    expect((await from("2001:db8:0:8::1")).status).toBe(200);
    expect((await from("203.0.113.9")).status).toBe(200);
  });

  it("counts an IPv4-mapped IPv6 client as the IPv4 address", async () => {
    const api = createTestApi();
    const from = (address: string) =>
      api.request("GET", "/api/auth/nonce", undefined, { headers: { "x-forwarded-for": address } });
    for (let i = 0; i < 10; i += 1) expect((await from("203.0.113.9")).status).toBe(200);
    for (let i = 0; i < 10; i += 1) expect((await from("::ffff:cb00:7109")).status).toBe(200);
    expect((await from("[::ffff:203.0.113.9]:443")).status).toBe(429);
  });
});

describe("POST /api/auth/verify", () => {
  it("signs in with a real EIP-4361 signature and sets a signed, HttpOnly, Lax session cookie for 24 h", async () => {
    const api = createTestApi();
    const message = await api.message(alice);
    const response = await api.verify({ message, signature: await alice.signMessage({ message }) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      address: alice.address,
      chainId: 31337,
      expiresAt: new Date(api.clock.now + 24 * 3_600_000).toISOString(),
      idleExpiresAt: new Date(api.clock.now + 30 * 60_000).toISOString(),
    });
    const setCookie = response.headers.get("set-cookie") ?? "";
    // An opaque random token, HMAC-signed; the session itself lives on the server.
    expect(setCookie).toMatch(/^poo_session=[A-Za-z0-9_-]{43}\.[A-Za-z0-9%+/=]+;/);
    expect(setCookie.toLowerCase()).not.toContain(alice.address.slice(2).toLowerCase());
    expect(setCookie).toContain("Max-Age=86400");
    expect(setCookie).toContain("Path=/api");
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");
    expect(setCookie).not.toContain("Secure");
  });

  it("over https names the cookie __Host-poo_session: Secure, Path=/, no Domain", async () => {
    const api = createTestApi({ allowedOrigins: ["https://poo.finance"] });
    const message = await api.message(alice, { domain: "poo.finance", uri: "https://poo.finance/launch" });
    const response = await api.verify(
      { message, signature: await alice.signMessage({ message }) },
      { origin: "https://poo.finance" },
    );
    expect(response.status).toBe(200);
    const setCookie = response.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/^__Host-poo_session=[A-Za-z0-9_-]{43}\.[A-Za-z0-9%+/=]+;/);
    expect(setCookie).toContain("; Path=/;");
    expect(setCookie).toContain("; Secure");
    expect(setCookie).toContain("; HttpOnly");
    expect(setCookie).not.toContain("Domain");
  });

  it("ends the session at the message's expirationTime when that comes first", async () => {
    const api = createTestApi();
    const message = await api.message(alice, { expirationTime: new Date(api.clock.now + 3_600_000) });
    const response = await api.verify({ message, signature: await alice.signMessage({ message }) });
    expect(response.headers.get("set-cookie")).toContain("Max-Age=3600");
  });

  it("accepts a request without Origin whose host is an allowed origin (same-origin proxy)", async () => {
    const api = createTestApi();
    const message = await api.message(alice);
    const response = await api.app.request(`${SITE}/api/auth/verify`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: api.jar.nonceCookie ?? "" },
      body: JSON.stringify({ message, signature: await alice.signMessage({ message }) }),
    });
    expect(response.status).toBe(200);
  });

  describe("refuses, with a distinct 4xx and no state change:", () => {
    it("a replayed nonce", async () => {
      const api = createTestApi();
      const message = await api.message(alice);
      const body = { message, signature: await alice.signMessage({ message }) };
      expect((await api.verify(body)).status).toBe(200);
      await expectRefused(await api.verify(body), 401, "Sign-in nonce has already been used.");
    });

    it("a nonce this server never issued", async () => {
      const api = createTestApi();
      const message = await api.message(alice, { nonce: "a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6" });
      await expectRefused(
        await api.verify({ message, signature: await alice.signMessage({ message }) }),
        401,
        "Sign-in nonce was not issued by this server.",
      );
    });

    it("a nonce older than 5 minutes", async () => {
      const api = createTestApi();
      const message = await api.message(alice);
      api.clock.now += 5 * 60_000;
      await expectRefused(
        await api.verify({ message, signature: await alice.signMessage({ message }) }),
        401,
        "Sign-in nonce has expired; request a new one.",
      );
    });

    it("an expired message, leaving its nonce usable", async () => {
      const api = createTestApi();
      const nonce = await api.nonce();
      const message = await api.message(alice, { nonce, expirationTime: new Date(api.clock.now - 1) });
      await expectRefused(
        await api.verify({ message, signature: await alice.signMessage({ message }) }),
        401,
        "Sign-in message has expired.",
      );
      expect(await api.nonceState(nonce)).toBe("valid");
    });

    it("a message that is not valid yet (notBefore)", async () => {
      const api = createTestApi();
      const message = await api.message(alice, { notBefore: new Date(api.clock.now + 10 * 60_000) });
      await expectRefused(
        await api.verify({ message, signature: await alice.signMessage({ message }) }),
        401,
        "Sign-in message is not valid yet.",
      );
    });

    it("a message issued in the future", async () => {
      const api = createTestApi();
      const message = await api.message(alice, { issuedAt: new Date(api.clock.now + 5 * 60_000) });
      await expectRefused(
        await api.verify({ message, signature: await alice.signMessage({ message }) }),
        401,
        "Sign-in message is issued in the future.",
      );
    });

    it("a message for another domain (phishing site), leaving its nonce usable", async () => {
      const api = createTestApi();
      const nonce = await api.nonce();
      const message = await api.message(alice, { nonce, domain: "poo-finance.evil.example" });
      await expectRefused(
        await api.verify({ message, signature: await alice.signMessage({ message }) }),
        401,
        "Sign-in message domain does not match this site.",
      );
      expect(await api.nonceState(nonce)).toBe("valid");
    });

    it("a message whose domain is another allowed origin than the one the request comes from", async () => {
      const api = createTestApi();
      const message = await api.message(alice, { domain: "localhost:5173" });
      await expectRefused(
        await api.verify({ message, signature: await alice.signMessage({ message }) }),
        401,
        "Sign-in message domain does not match this site.",
      );
    });

    it("a message whose URI is not an allowed origin", async () => {
      const api = createTestApi();
      const message = await api.message(alice, { uri: "https://evil.example/login" });
      await expectRefused(
        await api.verify({ message, signature: await alice.signMessage({ message }) }),
        401,
        "Sign-in message URI is not an allowed origin.",
      );
    });

    it("a message for a chain that is not allowed", async () => {
      const api = createTestApi();
      const message = await api.message(alice, { chainId: 1 });
      await expectRefused(
        await api.verify({ message, signature: await alice.signMessage({ message }) }),
        401,
        "Chain 1 is not allowed for sign-in.",
      );
    });

    it("a message signed by another address, leaving its nonce usable", async () => {
      const api = createTestApi();
      const nonce = await api.nonce();
      const message = await api.message(alice, { nonce });
      await expectRefused(
        await api.verify({ message, signature: await bob.signMessage({ message }) }),
        401,
        "Signature does not match the sign-in message and address.",
      );
      expect(await api.nonceState(nonce)).toBe("valid");
      const retry = await api.verify({ message, signature: await alice.signMessage({ message }) });
      expect(retry.status).toBe(200);
    });

    it("a tampered message (address swapped after signing)", async () => {
      const api = createTestApi();
      const message = await api.message(alice);
      const signature = await alice.signMessage({ message });
      const tampered = message.replace(alice.address, bob.address);
      await expectRefused(
        await api.verify({ message: tampered, signature }),
        401,
        "Signature does not match the sign-in message and address.",
      );
    });

    it("a tampered message (statement changed after signing)", async () => {
      const api = createTestApi();
      const message = await api.message(alice);
      const signature = await alice.signMessage({ message });
      await expectRefused(
        await api.verify({
          message: message.replace("Sign in to POO Finance.", "Sign in to POO Finance!"),
          signature,
        }),
        401,
        "Signature does not match the sign-in message and address.",
      );
    });

    // Messages that viem's unanchored parser reads but that are not the canonical EIP-4361 text of
    // what they say: wallets do not show them as sign-in requests, so no domain warning protects them.
    it.each<[string, (message: string, nowMs: number) => string]>([
      ["an extra line after the last field", (message) => `${message}\nAdmin: true`],
      [
        "a statement spread over two lines",
        (message) => message.replace("Sign in to POO Finance.", "Sign in to POO Finance.\nAnd approve all."),
      ],
      [
        "an extra paragraph before URI:",
        (message) => message.replace("\nURI: ", "\nThis is not a sign-in request.\n\nURI: "),
      ],
      [
        "Not Before written before an Expiration Time that has passed",
        (message, nowMs) =>
          `${message}\nNot Before: ${new Date(nowMs - 60_000).toISOString()}\nExpiration Time: ${new Date(nowMs - 1).toISOString()}`,
      ],
    ])("a message with %s, signed for real, leaving its nonce usable", async (_shape, reshape) => {
      const api = createTestApi();
      const nonce = await api.nonce();
      const message = reshape(await api.message(alice, { nonce }), api.clock.now);
      await expectRefused(
        await api.verify({ message, signature: await alice.signMessage({ message }) }),
        400,
        "Sign-in message is not a valid EIP-4361 message.",
      );
      expect(await api.nonceState(nonce)).toBe("valid");
    });

    it("a message issued longer ago than a nonce lives (plus clock skew)", async () => {
      const api = createTestApi();
      const issuedAt = new Date(api.clock.now - 6 * 60_000 - 1);
      const message = await api.message(alice, { issuedAt });
      await expectRefused(
        await api.verify({ message, signature: await alice.signMessage({ message }) }),
        401,
        "Sign-in message was issued too long ago; sign in again.",
      );
      const justInTime = await api.message(alice, { issuedAt: new Date(api.clock.now - 6 * 60_000) });
      expect(
        (
          await api.verify({
            message: justInTime,
            signature: await alice.signMessage({ message: justInTime }),
          })
        ).status,
      ).toBe(200);
    });

    it("a text that is not an EIP-4361 message", async () => {
      const api = createTestApi();
      await expectRefused(
        await api.verify({ message: "hello", signature: await alice.signMessage({ message: "hello" }) }),
        400,
        "Sign-in message is not a valid EIP-4361 message.",
      );
    });

    it("a signature that is not hex", async () => {
      const api = createTestApi();
      await expectRefused(
        await api.verify({ message: await api.message(alice), signature: "not-a-signature" }),
        400,
        "signature: signature must be 0x-prefixed hex bytes.",
      );
    });

    it("a body with missing or extra fields", async () => {
      const api = createTestApi();
      await expectRefused(
        await api.verify({ signature: "0x00" }),
        400,
        "message: Invalid input: expected string, received undefined",
      );
      const message = await api.message(alice);
      await expectRefused(
        await api.verify({ message, signature: await alice.signMessage({ message }), admin: true }),
        400,
        'Unrecognized key: "admin"',
      );
    });

    it("a request from an origin that is not allowed", async () => {
      const api = createTestApi();
      const message = await api.message(alice);
      await expectRefused(
        await api.verify(
          { message, signature: await alice.signMessage({ message }) },
          { origin: "https://evil.example" },
        ),
        403,
        "Cross-origin request refused.",
      );
    });

    it("a request without Origin to a host that is not an allowed origin", async () => {
      const api = createTestApi();
      const message = await api.message(alice);
      await expectRefused(
        await api.verify({ message, signature: await alice.signMessage({ message }) }, { origin: null }),
        403,
        "Sign-in is only accepted from the POO Finance web app.",
      );
    });

    it("more than 10 attempts a minute from one client", async () => {
      const api = createTestApi();
      for (let i = 0; i < 10; i += 1)
        expect((await api.verify({ message: "x", signature: "0x00" })).status).toBe(400);
      const limited = await api.verify({ message: "x", signature: "0x00" });
      expect(limited.status).toBe(429);
      expect(limited.headers.get("retry-after")).toBe("60");
    });
  });

  describe("binds each nonce to the browser it was issued to (poo_nonce cookie, kept in the database)", () => {
    it("sets an HttpOnly, SameSite=Strict cookie on /api/auth that lives as long as the nonce", async () => {
      const api = createTestApi();
      const response = await api.request("GET", "/api/auth/nonce");
      const setCookie = response.headers.get("set-cookie") ?? "";
      expect(setCookie).toMatch(
        /^poo_nonce=[A-Za-z0-9_-]{22}; Max-Age=300; Path=\/api\/auth; HttpOnly; SameSite=Strict$/,
      );
      const secure = createTestApi({ allowedOrigins: ["https://poo.finance"] });
      const overHttps = await secure.app.request("https://poo.finance/api/auth/nonce");
      expect(overHttps.headers.get("set-cookie")).toContain("; Secure");
    });

    it("refuses a nonce presented without its cookie or with another browser's, leaving it usable", async () => {
      const api = createTestApi();
      const other = createTestApi({}, { stores: api.stores, clock: api.clock });
      await other.nonce();
      const nonce = await api.nonce();
      const message = await api.message(alice, { nonce });
      const body = { message, signature: await alice.signMessage({ message }) };
      for (const nonceCookie of [null, other.jar.nonceCookie ?? "", "poo_nonce=forged"]) {
        await expectRefused(
          await api.verify(body, { nonceCookie }),
          401,
          "Sign-in nonce was issued to another browser; request a new one.",
        );
      }
      expect(await api.nonceState(nonce)).toBe("valid");
      expect((await api.verify(body)).status).toBe(200);
    });

    it("keeps every nonce of one browser usable (two tabs) and does not depend on its address", async () => {
      const api = createTestApi();
      const first = await api.nonce();
      const cookie = api.jar.nonceCookie;
      const second = await api.nonce();
      expect(api.jar.nonceCookie).toBe(cookie);
      // A phone moving from Wi-Fi to the mobile network, or a dual-stack browser, changes address.
      for (const [nonce, address] of [
        [second, "2001:db8:0:9::1"],
        [first, "192.0.2.77"],
      ] as const) {
        const message = await api.message(alice, { nonce });
        const response = await api.verify(
          { message, signature: await alice.signMessage({ message }) },
          { headers: { "x-forwarded-for": address } },
        );
        expect(response.status).toBe(200);
      }
    });
  });

  it("costs a client no chain call beyond its verify limit, across its IPv6 /64", async () => {
    // A signature that is not the address's own is checked on the chain (contract wallets): here
    // the chain says "no code, not valid", so every attempt is a failed sign-in that asked the node.
    const chain = scriptedTransport(({ method }) => (method === "eth_call" ? pad("0x00") : "0x"));
    const pool = new PublicClientPool({ 31337: "http://127.0.0.1:8545" }, () => chain.transport);
    const api = createTestApi({ signatureVerifier: new ViemSignatureVerifier((id) => pool.get(id)) });
    const message = await api.message(alice);
    const body = { message, signature: await bob.signMessage({ message }) };
    const attempts: Array<{ status: number; rpcCalls: number }> = [];
    for (let host = 1; host <= 15; host += 1) {
      const response = await api.verify(body, { headers: { "x-forwarded-for": `2001:db8:0:3::${host}` } });
      attempts.push({ status: response.status, rpcCalls: chain.calls.length });
    }
    expect(attempts.map((attempt) => attempt.status)).toEqual([
      ...Array(10).fill(401),
      ...Array(5).fill(429),
    ]);
    const perAttempt = attempts[0]?.rpcCalls ?? 0;
    expect(perAttempt).toBeGreaterThan(0);
    expect(attempts[9]?.rpcCalls).toBe(10 * perAttempt);
    expect(attempts[14]?.rpcCalls).toBe(10 * perAttempt);
  });

  it("answers 503 and keeps the nonce when the signature cannot be checked (RPC down)", async () => {
    const failing: SignatureVerifier = {
      verify: async () => {
        throw new Error("connect ECONNREFUSED");
      },
    };
    const api = createTestApi({
      signatureVerifier: failing,
      rateLimitPolicies: { verifyByClient: { name: "verify-ip", limit: 100, windowMs: 60_000 } },
    });
    const nonce = await api.nonce();
    const message = await api.message(alice, { nonce });
    const response = await api.verify({ message, signature: await alice.signMessage({ message }) });
    expect(response.status).toBe(503);
    expect(await errorOf(response)).toBe("Could not verify the signature right now; please retry.");
    expect(await api.nonceState(nonce)).toBe("valid");
    expect(api.logger.lines).toContainEqual(
      expect.objectContaining({ level: "warn", message: "Sign-in signature check failed" }),
    );
  });

  it("lets only one of two concurrent verifications of the same message through", async () => {
    const api = createTestApi();
    const message = await api.message(alice);
    const body = { message, signature: await alice.signMessage({ message }) };
    const statuses = (await Promise.all([api.verify(body), api.verify(body)]))
      .map((response) => response.status)
      .sort();
    expect(statuses).toEqual([200, 401]);
  });
});

describe("GET /api/auth/me and POST /api/auth/logout", () => {
  it("returns the session's address and chain", async () => {
    const api = createTestApi();
    const cookie = await api.signIn(alice, { chainId: 11155111 });
    const response = await api.request("GET", "/api/auth/me", undefined, { cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      address: alice.address,
      chainId: 11155111,
      expiresAt: new Date(api.clock.now + 24 * 3_600_000).toISOString(),
      idleExpiresAt: new Date(api.clock.now + 30 * 60_000).toISOString(),
    });
  });

  it("is 401 without a cookie, with a forged or tampered cookie, and after 24 hours", async () => {
    const api = createTestApi();
    const me = (cookie?: string) => api.request("GET", "/api/auth/me", undefined, { cookie });
    expect((await me()).status).toBe(401);
    expect(await errorOf(await me())).toBe("Not signed in.");

    const cookie = await api.signIn(alice);
    const [name, value = ""] = cookie.split("=");
    const decoded = decodeURIComponent(value);
    const flipped = `${decoded[0] === "A" ? "B" : "A"}${decoded.slice(1)}`;
    expect((await me(`${name}=${encodeURIComponent(flipped)}`)).status).toBe(401);
    expect((await me(`${name}=${"A".repeat(43)}`)).status).toBe(401);

    expect((await me(cookie)).status).toBe(200);
    api.clock.now += 24 * 3_600_000;
    expect((await me(cookie)).status).toBe(401);
  });

  it("is 401 with a cookie signed by another server secret", async () => {
    const first = createTestApi({ sessionSecrets: ["first-secret-first-secret-first-secret"] });
    const cookie = await first.signIn(alice);
    const second = createTestApi({ sessionSecrets: ["other-secret-other-secret-other-secret"] });
    expect((await second.request("GET", "/api/auth/me", undefined, { cookie })).status).toBe(401);
  });

  it("logout expires the cookie and ends the session on the server: a copied cookie stops working", async () => {
    const api = createTestApi();
    const cookie = await api.signIn(alice);
    const other = await api.signIn(alice);
    const response = await api.request("POST", "/api/auth/logout", undefined, { cookie });
    expect(response.status).toBe(204);
    const cleared = response.headers.get("set-cookie") ?? "";
    expect(cleared).toMatch(/^poo_session=;/);
    expect(cleared).toContain("Max-Age=0");
    expect(cleared).toContain("Path=/api");
    expect(sessionCookieOf(response)).toBe("poo_session=");

    expect((await api.request("GET", "/api/auth/me", undefined, { cookie })).status).toBe(401);
    const register = await api.request(
      "PUT",
      "/api/launches/crap/registration",
      { amountEth: "1" },
      { cookie },
    );
    expect(register.status).toBe(401);
    // Only that session ends: the same wallet's other sign-in (another device) stays.
    expect((await api.request("GET", "/api/auth/me", undefined, { cookie: other })).status).toBe(200);
  });

  it("logout without a session answers 204 and changes nothing", async () => {
    const api = createTestApi();
    const cookie = await api.signIn(alice);
    const response = await api.request("POST", "/api/auth/logout", undefined, { cookie: "poo_session=junk" });
    expect(response.status).toBe(204);
    expect((await api.request("GET", "/api/auth/me", undefined, { cookie })).status).toBe(200);
  });
});

describe("sessions: idle end, one per browser, sign out everywhere, key rotation, cookie prefix", () => {
  const me = (api: ReturnType<typeof createTestApi>, cookie: string) =>
    api.request("GET", "/api/auth/me", undefined, { cookie });

  it("ends a session unused for 30 minutes; each use pushes the idle end on, up to the 24-hour end", async () => {
    const api = createTestApi();
    const cookie = await api.signIn(alice);
    const unused = await api.signIn(bob);
    api.clock.now += 29 * 60_000;
    expect((await me(api, cookie)).status).toBe(200);
    api.clock.now += 29 * 60_000; // 58 minutes after sign-in, 29 after the last use
    const used = await me(api, cookie);
    expect(used.status).toBe(200);
    expect(((await used.json()) as { idleExpiresAt: string }).idleExpiresAt).toBe(
      new Date(api.clock.now + 30 * 60_000).toISOString(),
    );
    // Bob's session was never used after sign-in: it ended at 30 minutes, and stays ended.
    expect((await me(api, unused)).status).toBe(401);
    api.clock.now += 30 * 60_000;
    expect((await me(api, cookie)).status).toBe(401);
    const register = await api.request(
      "PUT",
      "/api/launches/crap/registration",
      { amountEth: "1" },
      { cookie },
    );
    expect(register.status).toBe(401);
  });

  it("takes its idle timeout from the configuration", async () => {
    const api = createTestApi({ sessionIdleTimeoutMs: 5 * 60_000 });
    const cookie = await api.signIn(alice);
    api.clock.now += 4 * 60_000;
    expect((await me(api, cookie)).status).toBe(200);
    api.clock.now += 5 * 60_000;
    expect((await me(api, cookie)).status).toBe(401);
  });

  it("ends the browser's previous session when it signs in again", async () => {
    const api = createTestApi();
    const first = await api.signIn(alice);
    const otherBrowser = await api.signIn(alice);
    const message = await api.message(bob);
    const response = await api.verify(
      { message, signature: await bob.signMessage({ message }) },
      { cookie: first },
    );
    expect(response.status).toBe(200);
    const second = sessionCookieOf(response);
    expect(second).not.toBe(first);
    expect((await me(api, first)).status).toBe(401);
    expect((await me(api, second)).status).toBe(200);
    // Another browser's session of the same wallet is not this browser's: it stays.
    expect((await me(api, otherBrowser)).status).toBe(200);
  });

  it("signs out everywhere: every session of the wallet ends, on every chain and instance; others stay", async () => {
    const clock = { now: START };
    const one = createTestApi({}, { clock });
    const two = createTestApi({}, { clock, stores: one.stores }); // a second instance, same database
    const here = await one.signIn(alice);
    const phone = await two.signIn(alice);
    const sepolia = await two.signIn(alice, { chainId: 11155111 });
    const bobs = await one.signIn(bob);

    const response = await one.request("POST", "/api/auth/logout-everywhere", undefined, { cookie: here });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ended: 3 });
    const cleared = response.headers.get("set-cookie") ?? "";
    expect(cleared).toMatch(/^poo_session=;/);
    expect(cleared).toContain("Max-Age=0");
    for (const cookie of [here, phone, sepolia]) {
      expect((await me(one, cookie)).status).toBe(401);
      expect((await me(two, cookie)).status).toBe(401);
    }
    expect((await me(two, bobs)).status).toBe(200);
  });

  it("refuses sign out everywhere without a session, and from another site", async () => {
    const api = createTestApi();
    const cookie = await api.signIn(alice);
    const anonymous = await api.request("POST", "/api/auth/logout-everywhere");
    expect({ status: anonymous.status, error: await errorOf(anonymous) }).toEqual({
      status: 401,
      error: "Sign in with your wallet first.",
    });
    const foreign = await api.request("POST", "/api/auth/logout-everywhere", undefined, {
      cookie,
      origin: "https://evil.example",
    });
    expect(foreign.status).toBe(403);
    expect((await me(api, cookie)).status).toBe(200);
  });

  it("rotates SESSION_SECRET: the first key signs, every key verifies, and an old cookie is signed again", async () => {
    const clock = { now: START };
    const OLD = "old-secret-old-secret-old-secret-old";
    const NEW = "new-secret-new-secret-new-secret-new";
    const before = createTestApi({ sessionSecrets: [OLD] }, { clock });
    const cookie = await before.signIn(alice);
    const during = createTestApi({ sessionSecrets: [NEW, OLD] }, { clock, stores: before.stores });
    const answer = await me(during, cookie);
    expect(answer.status).toBe(200);
    const resigned = sessionCookieOf(answer);
    expect(resigned).not.toBe(cookie);
    expect(resigned.split(".")[0]).toBe(cookie.split(".")[0]); // the same session, a new signature
    const after = createTestApi({ sessionSecrets: [NEW] }, { clock, stores: before.stores });
    expect((await me(after, resigned)).status).toBe(200);
    expect((await me(after, cookie)).status).toBe(401);
    // A cookie signed with the current key is not set again.
    expect((await me(during, resigned)).headers.get("set-cookie")).toBeNull();
  });

  it("over https reads only the __Host- cookie, so a planted plain poo_session is ignored", async () => {
    const api = createTestApi({ allowedOrigins: [SITE, "https://poo.finance"] });
    const plain = await api.signIn(alice); // a valid session, under the plain name (local site)
    const value = plain.slice("poo_session=".length);
    const overHttps = (cookie: string) =>
      api.app.request("https://poo.finance/api/auth/me", {
        headers: { cookie, "x-forwarded-for": "198.51.100.1" },
      });
    expect((await overHttps(plain)).status).toBe(401);
    expect((await overHttps(`__Host-poo_session=${value}`)).status).toBe(200);
  });
});
