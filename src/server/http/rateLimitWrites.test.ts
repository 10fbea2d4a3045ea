import type { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { openSqliteDatabase } from "../adapters/openSqliteDatabase";
import { sqliteStores } from "../openStores";
import type { RateLimiter } from "../ports/RateLimiter";
import { metricValue } from "../testing/metricValue";
import { createTestApi } from "../testing/testApi";

/** Rows SQLite has inserted, updated or deleted on this connection so far. */
const writesOf = (db: DatabaseSync) => Number(db.prepare("SELECT total_changes() AS n").get()?.n);

/** The database limiter, counting the calls that reach it. */
function counting(limiter: RateLimiter) {
  const counted = {
    calls: 0,
    hit: (...args: Parameters<RateLimiter["hit"]>) => ((counted.calls += 1), limiter.hit(...args)),
  };
  return counted;
}

describe("the app's rate limits and the database", () => {
  it("refuse a client that is over a shared limit from memory: 429 with no database write or call", async () => {
    const db = openSqliteDatabase(":memory:");
    const stores = sqliteStores(db);
    const limiter = counting(stores.rateLimiter);
    const api = createTestApi({ rateLimiter: limiter }, { stores });
    const nonce = (client = "198.51.100.7") =>
      api.request("GET", "/api/auth/nonce", undefined, { headers: { "x-forwarded-for": client } });

    for (let i = 0; i < 20; i += 1) expect((await nonce()).status).toBe(200);
    const first = await nonce();
    expect(first.status).toBe(429);
    expect(first.headers.get("retry-after")).toBe("60");
    const writes = writesOf(db);
    const calls = limiter.calls;

    api.clock.now += 30_000;
    for (let i = 0; i < 100; i += 1) {
      const refused = await nonce();
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toBe("30");
    }
    expect(writesOf(db) - writes).toBe(0);
    expect(limiter.calls - calls).toBe(0);
    expect(await metricValue(api.metrics, "poo_rate_limit_refusals_total", { policy: "nonce-ip" })).toBe(101);

    // Another client keeps its own allowance; the refused one gets a new window when its own ends.
    expect((await nonce("198.51.100.8")).status).toBe(200);
    api.clock.now += 30_000;
    expect((await nonce()).status).toBe(200);
  });

  it("cost each instance one database call per refused client and window", async () => {
    const db = openSqliteDatabase(":memory:");
    const stores = sqliteStores(db);
    const clock = { now: Date.parse("2025-06-02T10:00:00.000Z") };
    const limiterA = counting(stores.rateLimiter);
    const limiterB = counting(stores.rateLimiter);
    const a = createTestApi({ rateLimiter: limiterA }, { stores, clock });
    const b = createTestApi({ rateLimiter: limiterB }, { stores, clock });
    for (let i = 0; i < 20; i += 1)
      expect((await (i % 2 ? a : b).request("GET", "/api/auth/nonce")).status).toBe(200);
    const writes = writesOf(db);
    for (let i = 0; i < 50; i += 1) {
      expect((await a.request("GET", "/api/auth/nonce")).status).toBe(429);
      expect((await b.request("GET", "/api/auth/nonce")).status).toBe(429);
    }
    expect([limiterA.calls, limiterB.calls]).toEqual([11, 11]);
    expect(writesOf(db) - writes).toBe(2);
  });

  it("limit the read routes per client in each instance's memory, without a database write; never health or readiness", async () => {
    const db = openSqliteDatabase(":memory:");
    const stores = sqliteStores(db);
    const api = createTestApi({}, { stores });
    const limits: Array<[string, number]> = [
      ["/api/auth/me", 600],
      ["/api/launches/crap/registration", 600],
      ["/api/price/poo/history?period=1M", 300],
    ];
    const writes = writesOf(db);
    for (const [path, limit] of limits) {
      for (let i = 0; i < limit; i += 1) expect((await api.request("GET", path)).status).not.toBe(429);
      const refused = await api.request("GET", path);
      expect({ path, status: refused.status, retryAfter: refused.headers.get("retry-after") }).toEqual({
        path,
        status: 429,
        retryAfter: "60",
      });
    }
    expect(writesOf(db) - writes).toBe(0);
    // The price (a memory cache: its first fetch records one history point).
    for (let i = 0; i < 600; i += 1) expect((await api.request("GET", "/api/price/poo")).status).toBe(200);
    expect((await api.request("GET", "/api/price/poo")).status).toBe(429);
    expect(writesOf(db) - writes).toBe(1);
    // Load balancers and monitors poll these; they must never be refused.
    for (let i = 0; i < 300; i += 1) {
      expect((await api.request("GET", "/api/health")).status).toBe(200);
      expect((await api.request("GET", "/api/ready")).status).toBe(200);
    }
    expect(await metricValue(api.metrics, "poo_rate_limit_refusals_total", { policy: "me-ip" })).toBe(1);
  });
});
