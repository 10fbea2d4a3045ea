import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseEther } from "viem";
import { DatabaseSync } from "node:sqlite";
import { Client } from "pg";
import { POSTGRES_MIGRATIONS } from "./adapters/postgresMigrations";
import { MIGRATIONS } from "./adapters/sqliteMigrations";
import { openStores, type DatabaseSettings, type Stores } from "./openStores";
import { NotReadyError } from "./ports/HealthCheck";
import type { RateLimitPolicy } from "./ports/RateLimiter";
import type { EligibilityCheck } from "./ports/RegistrationStore";
import { alice, bob, carol } from "./testing/hardhatAccounts";
import { memoryLogger } from "./testing/memoryLogger";
import { STORE_ENGINES } from "./testing/storeEngines";

const NOW = Date.parse("2025-06-02T10:00:00.000Z");
const check = (
  pooBalanceWei: bigint,
  blockNumber = 100n,
  at = new Date(NOW),
): EligibilityCheck & { priceAt: Date } => ({
  pooBalanceWei,
  blockNumber,
  priceUsd: 0.0042,
  priceAt: new Date(at.getTime() - 60_000),
  checkedAt: at,
});
/** The five-minute window of the launch's price the checks were judged at. */
const WINDOW = new Date(Math.floor(NOW / 300_000) * 300_000);

/** Runs SQL on the database behind the stores, through a connection of its own. */
async function rawQuery(settings: DatabaseSettings, sql: string): Promise<void> {
  if (settings.url === undefined) {
    const db = new DatabaseSync(settings.path);
    db.exec(sql);
    db.close();
    return;
  }
  const client = new Client({ connectionString: settings.url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

// One suite, both engines: whatever the API relies on must hold on SQLite (one machine) and on
// PostgreSQL (several instances). "Two instances" below are two independent openStores() on one database.
describe.each(STORE_ENGINES)("stores on $name", (engine) => {
  let settings: DatabaseSettings;
  let remove: () => void;
  const opened: Stores[] = [];
  const open = async () => {
    const stores = await openStores(settings, memoryLogger());
    opened.push(stores);
    return stores;
  };

  beforeEach(async () => {
    ({ settings, remove } = await engine.newDatabase());
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((stores) => stores.close()));
    remove();
  });

  describe("nonces", () => {
    const BROWSER = "b".repeat(64);
    const OTHER_BROWSER = "c".repeat(64);

    it("are valid until consumed once, then used; unknown and expired ones are reported as such", async () => {
      const { nonceStore } = await open();
      await nonceStore.save("abc12345", NOW + 1000, NOW, BROWSER);
      expect(await nonceStore.inspect("abc12345", NOW, BROWSER)).toBe("valid");
      expect(await nonceStore.consume("never000", NOW, BROWSER)).toBe("unknown");
      expect(await nonceStore.consume("abc12345", NOW + 1000, BROWSER)).toBe("expired");
      expect(await nonceStore.inspect("abc12345", NOW, BROWSER)).toBe("valid");
      expect(await nonceStore.consume("abc12345", NOW, BROWSER)).toBe("valid");
      expect(await nonceStore.consume("abc12345", NOW, BROWSER)).toBe("used");
      expect(await nonceStore.inspect("abc12345", NOW, BROWSER)).toBe("used");
    });

    it("let exactly one of many concurrent consumers on two instances win", async () => {
      const [a, b] = [await open(), await open()];
      await a.nonceStore.save("race0001", NOW + 60_000, NOW, BROWSER);
      const states = await Promise.all(
        Array.from({ length: 12 }, (_, i) => (i % 2 ? a : b).nonceStore.consume("race0001", NOW, BROWSER)),
      );
      expect(states.filter((state) => state === "valid")).toHaveLength(1);
      expect(states.filter((state) => state === "used")).toHaveLength(11);
    });

    it("are valid only for the browser they were issued to, on every instance", async () => {
      const [a, b] = [await open(), await open()];
      await a.nonceStore.save("bound001", NOW + 60_000, NOW, BROWSER);
      expect(await b.nonceStore.inspect("bound001", NOW, OTHER_BROWSER)).toBe("foreign");
      expect(await b.nonceStore.consume("bound001", NOW, OTHER_BROWSER)).toBe("foreign");
      expect(await a.nonceStore.consume("bound001", NOW, "")).toBe("foreign");
      expect(await b.nonceStore.consume("bound001", NOW, BROWSER)).toBe("valid");
      // Once used, the other browser still learns only that the nonce is not its own.
      expect(await a.nonceStore.inspect("bound001", NOW, OTHER_BROWSER)).toBe("foreign");
    });

    it("issued by one instance are known to the other", async () => {
      const [a, b] = [await open(), await open()];
      await a.nonceStore.save("shared01", NOW + 60_000, NOW, BROWSER);
      expect(await b.nonceStore.consume("shared01", NOW, BROWSER)).toBe("valid");
      expect(await a.nonceStore.inspect("shared01", NOW, BROWSER)).toBe("used");
    });
  });

  describe("sessions", () => {
    const session = {
      id: "a".repeat(64),
      address: alice.address,
      chainId: 31337,
      expiresAtMs: NOW + 60_000,
      idleExpiresAtMs: NOW + 30_000,
    };

    it("are found until they expire or are revoked, on every instance", async () => {
      const [a, b] = [await open(), await open()];
      await a.sessionStore.save(session, NOW);
      expect(await b.sessionStore.find(session.id, NOW)).toEqual(session);
      expect(await b.sessionStore.find(session.id, NOW + 60_000)).toBeUndefined();
      expect(await b.sessionStore.find("b".repeat(64), NOW)).toBeUndefined();
      await a.sessionStore.revoke(session.id);
      expect(await b.sessionStore.find(session.id, NOW)).toBeUndefined();
      await a.sessionStore.revoke(session.id); // twice is harmless
    });

    it("end at their idle end unless touched, and a touch never moves the idle end back", async () => {
      const [a, b] = [await open(), await open()];
      await a.sessionStore.save(session, NOW);
      expect(await b.sessionStore.find(session.id, NOW + 30_000)).toBeUndefined();
      await b.sessionStore.touch(session.id, NOW + 50_000);
      await a.sessionStore.touch(session.id, NOW + 40_000); // a slower instance, an older use
      expect(await a.sessionStore.find(session.id, NOW + 45_000)).toEqual({
        ...session,
        idleExpiresAtMs: NOW + 50_000,
      });
      expect(await a.sessionStore.find(session.id, NOW + 50_000)).toBeUndefined();
    });

    it("of one wallet all end at once, on every instance and chain, counting those still open", async () => {
      const [a, b] = [await open(), await open()];
      const ids = ["1", "2", "3", "4"].map((digit) => digit.repeat(64));
      await a.sessionStore.save({ ...session, id: ids[0] ?? "" }, NOW);
      await b.sessionStore.save({ ...session, id: ids[1] ?? "", chainId: 11155111 }, NOW);
      await b.sessionStore.save({ ...session, id: ids[2] ?? "", idleExpiresAtMs: NOW + 1 }, NOW); // idle
      await a.sessionStore.save({ ...session, id: ids[3] ?? "", address: bob.address }, NOW);
      expect(await b.sessionStore.revokeAllOf(alice.address, NOW + 10)).toBe(2);
      for (const id of ids.slice(0, 3)) expect(await a.sessionStore.find(id, NOW)).toBeUndefined();
      expect(await a.sessionStore.find(ids[3] ?? "", NOW)).toMatchObject({ address: bob.address });
      expect(await a.sessionStore.revokeAllOf(alice.address, NOW)).toBe(0);
    });
  });

  describe("rate limiter", () => {
    const policy: RateLimitPolicy = { name: "test", limit: 3, windowMs: 60_000 };

    it("allows `limit` hits per key and window, says when to retry, and restarts the window", async () => {
      const { rateLimiter } = await open();
      for (let i = 0; i < 3; i += 1)
        expect(await rateLimiter.hit(policy, "1.2.3.4", NOW + i)).toEqual({ allowed: true });
      expect(await rateLimiter.hit(policy, "1.2.3.4", NOW + 30_000)).toEqual({
        allowed: false,
        retryAfterSeconds: 30,
        retryAtMs: NOW + 60_000,
      });
      expect(await rateLimiter.hit(policy, "5.6.7.8", NOW + 30_000)).toEqual({ allowed: true });
      expect(await rateLimiter.hit({ ...policy, name: "other" }, "1.2.3.4", NOW + 30_000)).toEqual({
        allowed: true,
      });
      expect(await rateLimiter.hit(policy, "1.2.3.4", NOW + 60_000)).toEqual({ allowed: true });
    });

    it("counts concurrent hits from two instances exactly", async () => {
      const [a, b] = [await open(), await open()];
      const decisions = await Promise.all(
        Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).rateLimiter.hit(policy, "shared", NOW)),
      );
      expect(decisions.filter((decision) => decision.allowed)).toHaveLength(3);
    });
  });

  describe("registrations", () => {
    const key = { launchId: "crap", chainId: 31337, address: alice.address };

    it("are created, then updated keeping createdAt, with the eligibility check they passed", async () => {
      const { registrationStore } = await open();
      const first = await registrationStore.upsert({
        ...key,
        amountWei: 10n ** 16n,
        at: new Date(NOW),
        check: check(parseEther("30000")),
        priceWindowStart: WINDOW,
      });
      expect(first.created).toBe(true);
      const later = new Date(NOW + 86_400_000);
      const second = await registrationStore.upsert({
        ...key,
        amountWei: 2n * 10n ** 18n,
        at: later,
        check: check(parseEther("40000"), 250n, later),
        priceWindowStart: new Date(later.getTime() - 120_000),
      });
      expect(second).toEqual({
        created: false,
        registration: {
          ...key,
          amountWei: 2n * 10n ** 18n,
          createdAt: new Date(NOW),
          updatedAt: later,
          standing: "eligible",
          lastCheck: check(parseEther("40000"), 250n, later),
          recheckedAt: undefined,
          // The decision's price, its time and its window: recorded with the registration.
          decisionPrice: {
            usd: 0.0042,
            at: new Date(later.getTime() - 60_000),
            windowStart: new Date(later.getTime() - 120_000),
          },
        },
      });
      expect(await registrationStore.find(key)).toEqual(second.registration);
      expect(await registrationStore.find({ ...key, address: bob.address })).toBeUndefined();
      expect(await registrationStore.find({ ...key, chainId: 11155111 })).toBeUndefined();
    });

    it("written concurrently for the same key by two instances all succeed, exactly one creating", async () => {
      const [a, b] = [await open(), await open()];
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          (i % 2 ? a : b).registrationStore.upsert({
            ...key,
            amountWei: BigInt(i + 1) * 10n ** 16n,
            at: new Date(NOW + i),
            check: check(parseEther("30000")),
            priceWindowStart: WINDOW,
          }),
        ),
      );
      expect(results.filter((result) => result.created)).toHaveLength(1);
      expect(await a.registrationStore.listForLaunch("crap", 31337)).toHaveLength(1);
    });

    it("are listed per launch and chain in address order, and re-checks are recorded in one go", async () => {
      const { registrationStore } = await open();
      for (const account of [carol, alice, bob]) {
        await registrationStore.upsert({
          ...key,
          address: account.address,
          amountWei: 10n ** 17n,
          at: new Date(NOW),
          check: check(parseEther("30000")),
          priceWindowStart: WINDOW,
        });
      }
      await registrationStore.upsert({
        ...key,
        chainId: 11155111,
        amountWei: 10n ** 17n,
        at: new Date(NOW),
        check: check(parseEther("30000")),
        priceWindowStart: WINDOW,
      });
      await registrationStore.upsert({
        ...key,
        launchId: "other",
        amountWei: 10n ** 17n,
        at: new Date(NOW),
        check: check(parseEther("30000")),
        priceWindowStart: WINDOW,
      });
      expect(await registrationStore.chainsOfLaunch("crap")).toEqual([31337, 11155111]);
      const listed = await registrationStore.listForLaunch("crap", 31337);
      const sorted = [alice, bob, carol].map((account) => account.address).sort();
      expect(listed.map((registration) => registration.address)).toEqual(sorted);

      const recheckedAt = new Date(NOW + 3_600_000);
      await registrationStore.recordRechecks("crap", 31337, [
        { address: bob.address, standing: "below-threshold", check: check(1n, 500n, recheckedAt) },
        {
          address: alice.address,
          standing: "eligible",
          check: check(parseEther("50000"), 500n, recheckedAt),
        },
      ]);
      expect(await registrationStore.find({ ...key, address: bob.address })).toMatchObject({
        standing: "below-threshold",
        lastCheck: check(1n, 500n, recheckedAt),
        updatedAt: new Date(NOW),
      });
      expect(await registrationStore.find(key)).toMatchObject({ standing: "eligible" });
      expect(await registrationStore.find({ ...key, address: carol.address })).toMatchObject({
        lastCheck: check(parseEther("30000")),
      });
      expect(await registrationStore.find({ ...key, chainId: 11155111 })).toMatchObject({
        standing: "eligible",
        lastCheck: check(parseEther("30000")),
      });

      // The wallet registers again (changes its amount) after the re-check: the re-check's verdict
      // and figures stand until the next re-check; the amount and the decision's price change.
      const changedAt = new Date(NOW + 7_200_000);
      const changed = await registrationStore.upsert({
        ...key,
        address: bob.address,
        amountWei: 2n * 10n ** 17n,
        at: changedAt,
        check: check(parseEther("30000"), 600n, changedAt),
        priceWindowStart: changedAt,
      });
      expect(changed.registration).toMatchObject({
        amountWei: 2n * 10n ** 17n,
        updatedAt: changedAt,
        standing: "below-threshold",
        lastCheck: check(1n, 500n, recheckedAt),
        recheckedAt,
        decisionPrice: { usd: 0.0042, at: new Date(changedAt.getTime() - 60_000), windowStart: changedAt },
      });
      // A row never re-checked still takes each registration's check.
      expect(
        (
          await registrationStore.upsert({
            ...key,
            address: carol.address,
            amountWei: 10n ** 17n,
            at: changedAt,
            check: check(parseEther("31000"), 600n, changedAt),
            priceWindowStart: changedAt,
          })
        ).registration,
      ).toMatchObject({ standing: "eligible", lastCheck: check(parseEther("31000"), 600n, changedAt) });
    });

    it("keep the full 78-digit range of amounts and balances", async () => {
      const { registrationStore } = await open();
      const huge = 2n ** 256n - 1n;
      await registrationStore.upsert({
        ...key,
        amountWei: huge,
        at: new Date(NOW),
        check: check(huge, 2n ** 62n),
        priceWindowStart: WINDOW,
      });
      expect(await registrationStore.find(key)).toMatchObject({
        amountWei: huge,
        lastCheck: { pooBalanceWei: huge },
      });
    });
  });

  describe("eligibility prices", () => {
    const windowStart = new Date(NOW);
    const price = (usd: number, launchId = "crap") => ({
      launchId,
      windowStart,
      usd,
      quotedAt: new Date(NOW - 30_000),
      source: "coinmarketcap",
    });

    it("are fixed once per launch and window: concurrent instances all get the first one's price", async () => {
      const [a, b] = [await open(), await open()];
      expect(await a.eligibilityPriceStore.find("crap", windowStart)).toBeUndefined();
      const fixed = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          (i % 2 ? a : b).eligibilityPriceStore.fix(price(0.004 + i / 1000), new Date(NOW)),
        ),
      );
      const winner = fixed[0];
      expect(fixed.every((one) => one.usd === winner?.usd)).toBe(true);
      expect(await b.eligibilityPriceStore.find("crap", windowStart)).toEqual(winner);
      // Another launch, or the next window, has a price of its own.
      expect(await a.eligibilityPriceStore.fix(price(0.5, "other"), new Date(NOW))).toEqual(
        price(0.5, "other"),
      );
      const next = { ...price(0.6), windowStart: new Date(NOW + 300_000) };
      expect(await b.eligibilityPriceStore.fix(next, new Date(NOW + 300_000))).toEqual(next);
    });
  });

  describe("price history", () => {
    const point = (minutes: number, usd: number, sample = false, source = "coinmarketcap") => ({
      at: new Date(NOW + minutes * 60_000),
      usd,
      source,
      sample,
    });

    it("keeps points in time order with their source and sample flag, once per source and time", async () => {
      const [a, b] = [await open(), await open()];
      expect(await a.priceHistoryStore.firstPointAt()).toBeUndefined();
      await a.priceHistoryStore.recordMany([
        point(-120, 0.0039, true, "sample"),
        point(-60, 0.004, true, "sample"),
      ]);
      await a.priceHistoryStore.record(point(10, 0.0042));
      await b.priceHistoryStore.record(point(5, 0.0041));
      await b.priceHistoryStore.record(point(10, 0.0099)); // same source and time from the other instance
      expect(
        await b.priceHistoryStore.range(new Date(NOW - 60 * 60_000), new Date(NOW + 10 * 60_000)),
      ).toEqual([point(-60, 0.004, true, "sample"), point(5, 0.0041), point(10, 0.0042)]);
      expect(
        await a.priceHistoryStore.range(new Date(NOW + 11 * 60_000), new Date(NOW + 20 * 60_000)),
      ).toEqual([]);
      expect(await a.priceHistoryStore.firstPointAt()).toEqual(new Date(NOW - 120 * 60_000));
    });
  });

  describe("launch applications", () => {
    it("are stored once per id", async () => {
      const { applicationStore } = await open();
      const application = {
        id: "4b0c2b5e-7c55-4b8e-9a55-2f1c3e7f0a01",
        projectName: "Doge Pile",
        tokenSymbol: "PILE",
        website: "https://pile.example",
        contact: "@pile",
        description: "A pile of doge tokens for everyone.",
        submittedBy: alice.address,
        chainId: 31337,
        createdAt: new Date(NOW),
      };
      await applicationStore.insert(application);
      expect(await applicationStore.findById(application.id)).toEqual(application);
      expect(await applicationStore.findById("nope")).toBeUndefined();
      await expect(applicationStore.insert(application)).rejects.toThrow(/UNIQUE|duplicate key/);
    });
  });

  it("check() answers while the database does and its schema is current (readiness)", async () => {
    const stores = await open();
    await expect(stores.check()).resolves.toBeUndefined();
    // Another tool (a restored backup) left the schema one version behind this server.
    const latest = (engine.name === "sqlite" ? MIGRATIONS : POSTGRES_MIGRATIONS).at(-1)?.version ?? 0;
    await rawQuery(settings, `DELETE FROM schema_migrations WHERE version = ${latest}`);
    const behind = stores.check();
    await expect(behind).rejects.toBeInstanceOf(NotReadyError);
    await expect(behind).rejects.toThrow(`schema at version ${latest - 1}, this server needs ${latest}`);
    await stores.close();
    await expect(stores.check()).rejects.toThrow();
  });

  it("migrates once, keeps data across reopening, and two instances starting together both work", async () => {
    const [a, b] = await Promise.all([open(), open()]);
    await a.registrationStore.upsert({
      launchId: "crap",
      chainId: 31337,
      address: alice.address,
      amountWei: 123n,
      at: new Date(NOW),
      check: check(1n),
      priceWindowStart: WINDOW,
    });
    await a.close();
    await b.close();
    const reopened = await open();
    expect(
      (await reopened.registrationStore.find({ launchId: "crap", chainId: 31337, address: alice.address }))
        ?.amountWei,
    ).toBe(123n);
    expect(reopened.engine).toBe(engine.name);
  });
});
