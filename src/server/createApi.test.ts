import { describe, expect, it } from "vitest";
import type { RegistrationStore } from "./ports/RegistrationStore";
import { alice, bob } from "./testing/hardhatAccounts";
import { createTestApi, errorOf, SITE } from "./testing/testApi";

function expectApiSecurityHeaders(response: Response) {
  expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
  expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  expect(response.headers.get("x-frame-options")).toBe("DENY");
  expect(response.headers.get("referrer-policy")).toBe("no-referrer");
  expect(response.headers.get("cache-control")).toBe("no-store");
  expect(response.headers.get("access-control-allow-origin")).toBeNull();
  expect(response.headers.get("access-control-allow-credentials")).toBeNull();
}

describe("createApi hardening", () => {
  it("refuses a body over 16 KiB with 413, before anything else happens", async () => {
    const api = createTestApi();
    const nonce = await api.nonce();
    const message = await api.message(alice, { nonce, statement: "x".repeat(17 * 1024) });
    const response = await api.verify({ message, signature: await alice.signMessage({ message }) });
    expect(response.status).toBe(413);
    expect(await errorOf(response)).toBe("Request body is larger than 16 KiB.");
    expectApiSecurityHeaders(response);
    expect(await api.nonceState(nonce)).toBe("valid");
  });

  it("refuses an oversize body sent without Content-Length (streamed)", async () => {
    const api = createTestApi();
    const chunk = new TextEncoder().encode("a".repeat(4096));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 5) return controller.close();
        sent += 1;
        controller.enqueue(chunk);
      },
    });
    const response = await api.app.request("http://127.0.0.1:8787/api/auth/verify", {
      method: "POST",
      headers: { origin: SITE, "content-type": "application/json" },
      body,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
  });

  it('answers malformed JSON with 400 { error: "Malformed JSON body." }', async () => {
    const api = createTestApi();
    const cookie = await api.signIn(alice);
    for (const [path, method] of [
      ["/api/auth/verify", "POST"],
      ["/api/launches/crap/registration", "PUT"],
      ["/api/launch-applications", "POST"],
    ] as const) {
      for (const body of ['{"amountEth": "1"', "", "undefined", "{'a':1}"]) {
        const response = await api.request(method, path, body, { cookie });
        expect({ path, body, status: response.status, error: await errorOf(response) }).toEqual({
          path,
          body,
          status: 400,
          error: "Malformed JSON body.",
        });
      }
    }
    expect(
      await api.store.find({ launchId: "crap", chainId: 31337, address: alice.address }),
    ).toBeUndefined();
  });

  it("sets the security headers on every answer, and never CORS headers", async () => {
    const api = createTestApi();
    const answers = [
      await api.request("GET", "/api/price/poo", undefined, { origin: "https://evil.example" }),
      await api.request("GET", "/api/auth/me"),
      await api.request("GET", "/nope"),
      await api.request("POST", "/api/auth/verify", "{", {}),
      await api.request("OPTIONS", "/api/auth/verify", undefined, {
        origin: "https://evil.example",
        headers: { "access-control-request-method": "POST" },
      }),
    ];
    for (const response of answers) expectApiSecurityHeaders(response);
    expect(answers.map((response) => response.status)).toEqual([200, 401, 404, 400, 404]);
  });

  it("answers unknown routes with a JSON 404", async () => {
    const response = await createTestApi().request("GET", "/api/unknown");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Not found." });
  });

  it("answers an unexpected failure with a JSON 500 and logs it", async () => {
    const broken: RegistrationStore = {
      upsert: async () => {
        throw new Error("disk I/O error");
      },
      find: async () => undefined,
      listForLaunch: async () => [],
      chainsOfLaunch: async () => [],
      recordRechecks: async () => undefined,
    };
    const api = createTestApi({ registrationStore: broken });
    const cookie = await api.signIn(alice);
    const response = await api.request(
      "PUT",
      "/api/launches/crap/registration",
      { amountEth: "1" },
      { cookie },
    );
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: "Internal server error." });
    expectApiSecurityHeaders(response);
    expect(api.logger.lines).toContainEqual(
      expect.objectContaining({
        level: "error",
        fields: expect.objectContaining({ reason: "disk I/O error" }),
      }),
    );
  });

  it("refuses state changes marked cross-site by the browser even without Origin", async () => {
    const api = createTestApi();
    const response = await api.request("POST", "/api/auth/logout", undefined, {
      origin: null,
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(response.status).toBe(403);
    expect(await errorOf(response)).toBe("Cross-origin request refused.");
  });
});

describe("rate limits per client address and per wallet", () => {
  const from = (client: string) => ({ headers: { "x-forwarded-for": client } });

  it("a flood from one client address leaves another client's sign-in working", async () => {
    const api = createTestApi();
    const attacker = from("203.0.113.66");
    // Junk verifies without Origin, as curl through the app's proxy would send them.
    const junk = [];
    for (let i = 0; i < 30; i += 1) {
      junk.push(await api.request("POST", "/api/auth/verify", "{", { ...attacker, origin: null }));
    }
    for (let i = 0; i < 30; i += 1)
      junk.push(await api.request("GET", "/api/auth/nonce", undefined, attacker));
    expect(junk.filter((response) => response.status === 429).length).toBeGreaterThan(0);
    const refused = junk.find((response) => response.status === 429);
    expect(refused?.headers.get("retry-after")).toBe("60");

    // The honest client behind the same proxy signs in at once.
    const honest = from("198.51.100.23");
    const nonceResponse = await api.request("GET", "/api/auth/nonce", undefined, honest);
    expect(nonceResponse.status).toBe(200);
    const { nonce } = (await nonceResponse.json()) as { nonce: string };
    const message = await api.message(bob, { nonce });
    const verify = await api.verify({ message, signature: await bob.signMessage({ message }) }, honest);
    expect(verify.status).toBe(200);
  });

  it("a client forging X-Forwarded-For gets no fresh bucket: its own address is the key", async () => {
    const api = createTestApi();
    const statuses = [];
    for (let i = 0; i < 21; i += 1) {
      // Behind the trusted proxy, whatever the client prepends stays to the left of its real address.
      const response = await api.request(
        "GET",
        "/api/auth/nonce",
        undefined,
        from(`192.0.2.${i}, 203.0.113.66`),
      );
      statuses.push(response.status);
    }
    expect(statuses.at(-1)).toBe(429);
    // Straight to the API from an untrusted peer, X-Forwarded-For is ignored altogether: it neither
    // frees the flooder nor lets another client be blamed for the flood.
    const direct = (peer: string, forwardedFor: string) =>
      api.request("GET", "/api/auth/nonce", undefined, {
        headers: { "x-test-peer": peer, "x-forwarded-for": forwardedFor },
      });
    expect((await direct("203.0.113.66", "192.0.2.200")).status).toBe(429);
    expect((await direct("203.0.113.77", "203.0.113.66")).status).toBe(200);
  });

  it("limits the registration PUT per wallet (10 a minute) and answers 429 with Retry-After", async () => {
    const api = createTestApi();
    const cookie = await api.signIn(alice);
    for (let i = 0; i < 10; i += 1) {
      const response = await api.request(
        "PUT",
        "/api/launches/crap/registration",
        { amountEth: "0.5" },
        { cookie },
      );
      expect(response.status).toBeLessThan(300);
    }
    const readsBefore = api.balances.reads.length;
    // The same wallet from another address is still the same wallet.
    const limited = await api.request(
      "PUT",
      "/api/launches/crap/registration",
      { amountEth: "1" },
      { cookie, ...from("192.0.2.99") },
    );
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("60");
    expect(api.balances.reads.length).toBe(readsBefore); // refused before reading the chain
    expect(
      (await api.store.find({ launchId: "crap", chainId: 31337, address: alice.address }))?.amountWei,
    ).toBe(5n * 10n ** 17n);
    const other = await api.request(
      "PUT",
      "/api/launches/crap/registration",
      { amountEth: "1" },
      {
        cookie: await api.signIn(bob),
      },
    );
    expect(other.status).toBe(201);
  });

  it("limits the registration PUT per client address before looking at the session", async () => {
    const api = createTestApi();
    const responses = [];
    for (let i = 0; i < 61; i += 1) {
      responses.push(
        await api.request("PUT", "/api/launches/crap/registration", { amountEth: "1" }, from("203.0.113.8")),
      );
    }
    expect(responses.slice(0, 60).every((response) => response.status === 401)).toBe(true);
    expect(responses.at(-1)?.status).toBe(429);
  });

  it("limits sign-out per client address", async () => {
    const api = createTestApi();
    for (let i = 0; i < 30; i += 1) expect((await api.request("POST", "/api/auth/logout")).status).toBe(204);
    const limited = await api.request("POST", "/api/auth/logout");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("60");
  });
});
