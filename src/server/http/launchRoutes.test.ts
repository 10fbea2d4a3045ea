import { parseEther } from "viem";
import { describe, expect, it } from "vitest";
import type { PriceSource } from "../ports/PriceSource";
import { PriceSourceError } from "../ports/PriceSource";
import { alice, bob, carol } from "../testing/hardhatAccounts";
import { createTestApi, errorOf, START } from "../testing/testApi";

const REGISTRATION = "/api/launches/crap/registration";

describe("PUT/GET /api/launches/:launchId/registration", () => {
  it("registers an eligible wallet, reads it back, and changes it with another PUT", async () => {
    const api = createTestApi();
    const cookie = await api.signIn(alice);
    const created = await api.request("PUT", REGISTRATION, { amountEth: "0.5" }, { cookie });
    expect(created.status).toBe(201);
    const firstAt = new Date(api.clock.now).toISOString();
    expect(await created.json()).toEqual({
      launchId: "crap",
      address: alice.address,
      chainId: 31337,
      amountEth: "0.5",
      amountWei: "500000000000000000",
      createdAt: firstAt,
      updatedAt: firstAt,
      standing: "eligible",
      // What the server checked: the balance, the block it was read at, the price it was judged at.
      lastCheck: {
        pooBalanceWei: "23810000000000000000000",
        blockNumber: "100",
        priceUsd: 0.0042,
        priceAt: firstAt,
        checkedAt: firstAt,
      },
      recheckedAt: null,
      // The launch's price for the decision's five-minute window, with its time.
      decisionPrice: { usd: 0.0042, at: firstAt, windowStart: "2025-06-02T10:00:00.000Z" },
    });
    expect(api.balances.reads).toEqual([{ chainId: 31337, address: alice.address }]);

    const read = await api.request("GET", REGISTRATION, undefined, { cookie });
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ amountEth: "0.5", createdAt: firstAt });

    api.clock.now += 60_000;
    const changed = await api.request("PUT", REGISTRATION, { amountEth: "2" }, { cookie });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({
      amountEth: "2",
      amountWei: "2000000000000000000",
      createdAt: firstAt,
      updatedAt: new Date(api.clock.now).toISOString(),
    });
  });

  it("accepts the bounds 0.01 and 2 ETH exactly", async () => {
    const api = createTestApi();
    const cookie = await api.signIn(alice);
    for (const amountEth of ["0.01", "2", "2.000000000000000000", "0.010"]) {
      const response = await api.request("PUT", REGISTRATION, { amountEth }, { cookie });
      expect(response.status, amountEth).toBeLessThan(300);
    }
  });

  it("keeps registrations per wallet and per chain", async () => {
    const api = createTestApi();
    const aliceLocal = await api.signIn(alice);
    const bobLocal = await api.signIn(bob);
    const aliceSepolia = await api.signIn(alice, { chainId: 11155111 });
    await api.request("PUT", REGISTRATION, { amountEth: "1" }, { cookie: aliceLocal });
    expect((await api.request("GET", REGISTRATION, undefined, { cookie: bobLocal })).status).toBe(404);
    expect((await api.request("GET", REGISTRATION, undefined, { cookie: aliceSepolia })).status).toBe(404);
    expect(
      (await api.request("PUT", REGISTRATION, { amountEth: "0.3" }, { cookie: aliceSepolia })).status,
    ).toBe(201);
    expect(api.balances.reads.at(-1)).toEqual({ chainId: 11155111, address: alice.address });
  });

  it("answers 404 when the wallet has not registered", async () => {
    const api = createTestApi();
    const response = await api.request("GET", REGISTRATION, undefined, { cookie: await api.signIn(alice) });
    expect(response.status).toBe(404);
    expect(await errorOf(response)).toBe("You have no registration for this launch.");
  });

  describe("refuses, with nothing stored:", () => {
    async function expectNothingStored(api: ReturnType<typeof createTestApi>) {
      expect(
        await api.store.find({ launchId: "crap", chainId: 31337, address: alice.address }),
      ).toBeUndefined();
      expect(
        await api.store.find({ launchId: "crap", chainId: 31337, address: carol.address }),
      ).toBeUndefined();
    }

    it("an unauthenticated registration, read or application", async () => {
      const api = createTestApi();
      for (const response of [
        await api.request("PUT", REGISTRATION, { amountEth: "1" }),
        await api.request("GET", REGISTRATION),
        await api.request("POST", "/api/launch-applications", {}),
      ]) {
        expect(response.status).toBe(401);
        expect(await errorOf(response)).toBe("Sign in with your wallet first.");
      }
      expect(api.balances.reads).toEqual([]);
      await expectNothingStored(api);
    });

    it.each([
      ["0.009", "amountEth: amountEth must be between 0.01 and 2 ETH."],
      ["2.0001", "amountEth: amountEth must be between 0.01 and 2 ETH."],
      ["-1", "amountEth: amountEth must be between 0.01 and 2 ETH."],
      ["0", "amountEth: amountEth must be between 0.01 and 2 ETH."],
      ["abc", 'amountEth: amountEth must be a decimal number of ETH such as "0.5" (at most 18 decimals).'],
      ["1e0", 'amountEth: amountEth must be a decimal number of ETH such as "0.5" (at most 18 decimals).'],
      [
        "0.0100000000000000001",
        'amountEth: amountEth must be a decimal number of ETH such as "0.5" (at most 18 decimals).',
      ],
      [1, 'amountEth: amountEth must be a string such as "0.5".'],
      [undefined, 'amountEth: amountEth must be a string such as "0.5".'],
    ])("amountEth %j", async (amountEth, error) => {
      const api = createTestApi();
      const cookie = await api.signIn(alice);
      const response = await api.request("PUT", REGISTRATION, { amountEth }, { cookie });
      expect({ status: response.status, error: await errorOf(response) }).toEqual({ status: 400, error });
      await expectNothingStored(api);
    });

    it("an ineligible wallet (23,809 POO at 0.0042 USD is below 100 USD)", async () => {
      const api = createTestApi();
      const cookie = await api.signIn(carol);
      const response = await api.request("PUT", REGISTRATION, { amountEth: "1" }, { cookie });
      expect(response.status).toBe(403);
      expect(await errorOf(response)).toMatch(/^You are ineligible for a whitelist/);
      expect((await api.request("GET", REGISTRATION, undefined, { cookie })).status).toBe(404);
      await expectNothingStored(api);
    });

    it("a wallet that was eligible but sold its POO before changing its amount", async () => {
      const api = createTestApi();
      const cookie = await api.signIn(alice);
      await api.request("PUT", REGISTRATION, { amountEth: "1" }, { cookie });
      api.balances.set(31337, alice.address, 0n);
      const response = await api.request("PUT", REGISTRATION, { amountEth: "2" }, { cookie });
      expect(response.status).toBe(403);
      expect(
        (await api.store.find({ launchId: "crap", chainId: 31337, address: alice.address }))?.amountWei,
      ).toBe(10n ** 18n);
    });

    it("an unknown or not-live launch", async () => {
      const api = createTestApi();
      const cookie = await api.signIn(alice);
      for (const path of [
        "/api/launches/poo/registration",
        "/api/launches/CRAP/registration",
        "/api/launches/..%2Fx/registration",
      ]) {
        const response = await api.request("PUT", path, { amountEth: "1" }, { cookie });
        expect(response.status, path).toBe(404);
        expect(await errorOf(response)).toBe("This launch does not exist or is not open for registration.");
      }
      await expectNothingStored(api);
    });

    it("a registration while the price is unavailable (503, eligibility cannot be checked)", async () => {
      const down: PriceSource = {
        fetchPooUsd: async () => {
          throw new PriceSourceError("CoinMarketCap answered HTTP 429");
        },
      };
      const api = createTestApi({ priceSource: down });
      const cookie = await api.signIn(alice);
      const response = await api.request("PUT", REGISTRATION, { amountEth: "1" }, { cookie });
      expect(response.status).toBe(503);
      expect(await errorOf(response)).toBe(
        "POO price is unavailable, so eligibility cannot be checked right now; please retry.",
      );
      await expectNothingStored(api);
    });

    it("a registration whose quote is older than the maximum age (503, as if the price were down)", async () => {
      const clock = { now: START };
      // The price service answers, but its quote was last updated 16 minutes ago (the limit is 15).
      const stale: PriceSource = {
        fetchPooUsd: async () => ({
          usd: 1,
          updatedAt: new Date(clock.now - 16 * 60_000),
          source: "coinmarketcap",
        }),
      };
      const api = createTestApi({ priceSource: stale }, { clock });
      const cookie = await api.signIn(alice);
      const response = await api.request("PUT", REGISTRATION, { amountEth: "1" }, { cookie });
      expect(response.status).toBe(503);
      expect(await errorOf(response)).toBe(
        "POO price is unavailable, so eligibility cannot be checked right now; please retry.",
      );
      expect(api.balances.reads).toEqual([]);
      await expectNothingStored(api);
      expect(
        api.logger.lines.some((line) => line.message === "POO price too old to decide eligibility"),
      ).toBe(true);
    });

    it("a registration while the chain cannot be read (503)", async () => {
      const api = createTestApi();
      const cookie = await api.signIn(alice);
      api.balances.failure = new Error("HTTP request failed");
      const response = await api.request("PUT", REGISTRATION, { amountEth: "1" }, { cookie });
      expect(response.status).toBe(503);
      expect(await errorOf(response)).toBe("Could not read your POO balance right now; please retry.");
      await expectNothingStored(api);
    });

    it("a registration sent from another origin, even with a valid session", async () => {
      const api = createTestApi();
      const cookie = await api.signIn(alice);
      const response = await api.request(
        "PUT",
        REGISTRATION,
        { amountEth: "1" },
        { cookie, origin: "https://evil.example" },
      );
      expect(response.status).toBe(403);
      await expectNothingStored(api);
    });

    it("a registration posted as a form (text/plain), which a cross-site form could send", async () => {
      const api = createTestApi();
      const cookie = await api.signIn(alice);
      const response = await api.request("PUT", REGISTRATION, '{"amountEth":"1"}', {
        cookie,
        contentType: "text/plain",
      });
      expect(response.status).toBe(415);
      expect(await errorOf(response)).toBe("Content-Type must be application/json.");
      await expectNothingStored(api);
    });
  });
});

describe("eligibility: one price per launch and window, for every instance; re-check verdicts stand", () => {
  /** A price source that answers `usd` (settable), as fresh as the clock. */
  function movingPrice(clock: { now: number }, usd: { value: number }): PriceSource {
    return {
      fetchPooUsd: async () => ({ usd: usd.value, updatedAt: new Date(clock.now), source: "coinmarketcap" }),
    };
  }

  it("decides every registration of a window at the window's first price, on any instance", async () => {
    const clock = { now: START };
    const usdA = { value: 0.0042 };
    const usdB = { value: 0.01 }; // the other instance's cache holds a better price
    const one = createTestApi({ priceSource: movingPrice(clock, usdA) }, { clock });
    const two = createTestApi({ priceSource: movingPrice(clock, usdB) }, { clock, stores: one.stores });
    two.balances.set(31337, carol.address, parseEther("23809")); // 99.99 USD at 0.0042, 238 USD at 0.01

    const first = await one.request(
      "PUT",
      REGISTRATION,
      { amountEth: "1" },
      { cookie: await one.signIn(alice) },
    );
    expect(first.status).toBe(201);
    // Carol retries on the other instance within the window: still judged at 0.0042, still refused.
    clock.now += 60_000;
    const carolCookie = await two.signIn(carol);
    const retried = await two.request("PUT", REGISTRATION, { amountEth: "1" }, { cookie: carolCookie });
    expect(retried.status).toBe(403);
    const bobs = await two.request(
      "PUT",
      REGISTRATION,
      { amountEth: "1" },
      { cookie: await two.signIn(bob) },
    );
    expect(await bobs.json()).toMatchObject({
      decisionPrice: {
        usd: 0.0042,
        at: new Date(START).toISOString(),
        windowStart: new Date(START).toISOString(),
      },
      lastCheck: { priceUsd: 0.0042 },
    });

    // The next window takes the price of the decision that opens it.
    clock.now = START + 5 * 60_000;
    const nextWindow = await two.request("PUT", REGISTRATION, { amountEth: "1" }, { cookie: carolCookie });
    expect(nextWindow.status).toBe(201);
    expect(await nextWindow.json()).toMatchObject({
      decisionPrice: { usd: 0.01, windowStart: new Date(START + 5 * 60_000).toISOString() },
    });
  });

  it("refuses a decision once the window's fixed price has grown older than the maximum age", async () => {
    const clock = { now: START };
    const api = createTestApi(
      {
        priceSource: {
          fetchPooUsd: async () => ({
            usd: 0.0042,
            updatedAt: new Date(START - 9 * 60_000),
            source: "coinmarketcap",
          }),
        },
        eligibilityPrice: { maxAgeMs: 10 * 60_000, windowMs: 5 * 60_000 },
      },
      { clock },
    );
    const cookie = await api.signIn(alice);
    expect((await api.request("PUT", REGISTRATION, { amountEth: "1" }, { cookie })).status).toBe(201);
    clock.now += 2 * 60_000; // same window; the fixed quote is now 11 minutes old
    const late = await api.request("PUT", REGISTRATION, { amountEth: "2" }, { cookie });
    expect(late.status).toBe(503);
  });

  it("keeps a re-check's verdict when the wallet registers again; the next re-check decides", async () => {
    const api = createTestApi();
    const cookie = await api.signIn(alice);
    expect((await api.request("PUT", REGISTRATION, { amountEth: "1" }, { cookie })).status).toBe(201);
    const recheckedAt = new Date(api.clock.now + 3_600_000);
    await api.store.recordRechecks("crap", 31337, [
      {
        address: alice.address,
        standing: "below-threshold",
        check: {
          pooBalanceWei: 10n,
          blockNumber: 500n,
          priceUsd: 0.0042,
          priceAt: recheckedAt,
          checkedAt: recheckedAt,
        },
      },
    ]);
    api.clock.now += 2 * 3_600_000; // alice holds enough POO again, signs in again, changes her amount
    const later = await api.signIn(alice);
    const again = await api.request("PUT", REGISTRATION, { amountEth: "1.5" }, { cookie: later });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({
      amountEth: "1.5",
      standing: "below-threshold",
      lastCheck: { pooBalanceWei: "10", blockNumber: "500" },
      recheckedAt: recheckedAt.toISOString(),
      decisionPrice: { usd: 0.0042, at: new Date(api.clock.now).toISOString() },
    });
    expect(await (await api.request("GET", REGISTRATION, undefined, { cookie: later })).json()).toMatchObject(
      {
        standing: "below-threshold",
      },
    );
  });
});

describe("POST /api/launch-applications", () => {
  const valid = {
    projectName: "Doge Pile",
    tokenSymbol: "PILE2",
    website: "https://pile.example/about",
    contact: "team@pile.example",
    description: "A community token that piles up rewards for stakers.",
  };

  it("stores an application from a signed-in wallet and answers 201 { id }", async () => {
    const api = createTestApi({ newId: () => "0b5d2a6e-3f0e-4f43-9a55-2f1c3e7f0a01" });
    const cookie = await api.signIn(alice);
    const response = await api.request(
      "POST",
      "/api/launch-applications",
      { ...valid, contact: "@pile_team" },
      { cookie },
    );
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ id: "0b5d2a6e-3f0e-4f43-9a55-2f1c3e7f0a01" });
    expect(await api.applicationStore.findById("0b5d2a6e-3f0e-4f43-9a55-2f1c3e7f0a01")).toEqual({
      ...valid,
      contact: "@pile_team",
      id: "0b5d2a6e-3f0e-4f43-9a55-2f1c3e7f0a01",
      submittedBy: alice.address,
      chainId: 31337,
      createdAt: new Date(api.clock.now),
    });
  });

  it("accepts line breaks in the description", async () => {
    const api = createTestApi();
    const cookie = await api.signIn(alice);
    const description = "Line one of the pitch.\nLine two\twith a tab.";
    expect(
      (await api.request("POST", "/api/launch-applications", { ...valid, description }, { cookie })).status,
    ).toBe(201);
  });

  it("counts user-perceived characters after NFC and stores the text in NFC", async () => {
    const api = createTestApi({ newId: () => "nfc-application" });
    const cookie = await api.signIn(alice);
    // 64 astronauts: 320 UTF-16 code units, 64 characters as a reader counts them.
    const projectName = "👩\u200d🚀".repeat(64);
    const description = "Cafe\u0301 cre\u0300me, for everyone who likes it.";
    const response = await api.request(
      "POST",
      "/api/launch-applications",
      { ...valid, projectName, description },
      { cookie },
    );
    expect(response.status).toBe(201);
    expect(await api.applicationStore.findById("nfc-application")).toMatchObject({
      projectName,
      description: "Café crème, for everyone who likes it.",
    });
  });

  it("gives every application its own random id", async () => {
    const api = createTestApi();
    const cookie = await api.signIn(alice);
    const ids = await Promise.all(
      [1, 2].map(async () => {
        const response = await api.request("POST", "/api/launch-applications", valid, { cookie });
        return ((await response.json()) as { id: string }).id;
      }),
    );
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it.each([
    [{ projectName: "D" }, "projectName: projectName must be 2 to 64 characters."],
    [{ projectName: "x".repeat(65) }, "projectName: projectName must be 2 to 64 characters."],
    [{ tokenSymbol: "pile" }, "tokenSymbol: tokenSymbol must be 2 to 11 uppercase letters or digits."],
    [
      { tokenSymbol: "ABCDEFGHIJKL" },
      "tokenSymbol: tokenSymbol must be 2 to 11 uppercase letters or digits.",
    ],
    [{ website: "http://pile.example" }, "website: website must be an https:// URL."],
    [{ website: "javascript:alert(1)" }, "website: website must be an https:// URL."],
    [
      { website: `https://pile.example/${"a".repeat(190)}` },
      "website: website must be at most 200 characters.",
    ],
    [{ contact: "pile" }, "contact: contact must be an email address or an @handle."],
    [{ contact: `${"a".repeat(96)}@x.io` }, "contact: contact must be at most 100 characters."],
    [{ description: "too short" }, "description: description must be 20 to 1000 characters."],
    [{ description: "x".repeat(1001) }, "description: description must be 20 to 1000 characters."],
    [
      { projectName: "Bad\u0000Name" },
      "projectName: projectName must not contain invisible, control or text-direction characters (found U+0000).",
    ],
    [
      { projectName: "Bad\u009b2JName" },
      "projectName: projectName must not contain invisible, control or text-direction characters (found U+009B).",
    ],
    [
      { projectName: "Pile \u202Eeliforp" },
      "projectName: projectName must not contain invisible, control or text-direction characters (found U+202E).",
    ],
    [
      { projectName: "Pile\nStatus: approved" },
      "projectName: projectName must not contain invisible, control or text-direction characters (found U+000A).",
    ],
    [
      { website: "https://pile.example/\u2067x" },
      "website: website must not contain invisible, control or text-direction characters (found U+2067).",
    ],
    [
      { contact: "@pile\u061C" },
      "contact: contact must not contain invisible, control or text-direction characters (found U+061C).",
    ],
    [
      { description: "Twenty characters and a bell\u0007" },
      "description: description must not contain invisible, control or text-direction characters other than line breaks and tabs (found U+0007).",
    ],
    [
      { description: "Twenty characters and a CSI \u009b" },
      "description: description must not contain invisible, control or text-direction characters other than line breaks and tabs (found U+009B).",
    ],
    [
      { description: "Twenty characters, \u2068isolated\u2069" },
      "description: description must not contain invisible, control or text-direction characters other than line breaks and tabs (found U+2068).",
    ],
    [
      { projectName: "\u200b\u200b" },
      "projectName: projectName must not contain invisible, control or text-direction characters (found U+200B).",
    ],
    [
      { projectName: "\ufeffPile\ufeffPile" },
      "projectName: projectName must not contain invisible, control or text-direction characters (found U+FEFF).",
    ],
    [
      { projectName: "Pile\u{e0041}\u{e0042}" },
      "projectName: projectName must not contain invisible, control or text-direction characters (found U+E0041).",
    ],
    [
      { contact: "@pile\ud800" },
      "contact: contact must not contain invisible, control or text-direction characters (found U+D800).",
    ],
    [
      { website: "https://pile.example/\ufdd0" },
      "website: website must not contain invisible, control or text-direction characters (found U+FDD0).",
    ],
    [
      { description: "Twenty characters, then\u2060 a word joiner" },
      "description: description must not contain invisible, control or text-direction characters other than line breaks and tabs (found U+2060).",
    ],
    [{ projectName: "e\u0301" }, "projectName: projectName must be 2 to 64 characters."],
    [{ projectName: "🚀".repeat(65) }, "projectName: projectName must be 2 to 64 characters."],
    [{ extra: "field" }, 'Unrecognized key: "extra"'],
  ])("refuses %j", async (change, error) => {
    const api = createTestApi({ newId: () => "never-stored" });
    const cookie = await api.signIn(alice);
    const response = await api.request(
      "POST",
      "/api/launch-applications",
      { ...valid, ...change },
      { cookie },
    );
    expect({ status: response.status, error: await errorOf(response) }).toEqual({ status: 400, error });
    expect(await api.applicationStore.findById("never-stored")).toBeUndefined();
  });

  it("limits one wallet to 10 applications an hour", async () => {
    const api = createTestApi();
    const cookie = await api.signIn(alice);
    for (let i = 0; i < 10; i += 1) {
      expect((await api.request("POST", "/api/launch-applications", valid, { cookie })).status).toBe(201);
    }
    const limited = await api.request("POST", "/api/launch-applications", valid, { cookie });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("3600");
    const other = await api.request("POST", "/api/launch-applications", valid, {
      cookie: await api.signIn(bob),
    });
    expect(other.status).toBe(201);
  });
});
