import { describe, expect, it } from "vitest";
import { createTestApi } from "../testing/testApi";

describe("GET /api/health and /api/ready", () => {
  it("health is 200 while the process runs; ready is 200 with each check named", async () => {
    const api = createTestApi();
    const health = await api.request("GET", "/api/health");
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({
      status: "ok",
      dependencies: { price: { status: "unknown", reason: "not asked yet" } },
    });
    expect(health.headers.get("cache-control")).toBe("no-store");
    const ready = await api.request("GET", "/api/ready");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready", checks: { database: "ok" } });
  });

  it("ready is 503 naming the database once it no longer answers; health stays 200", async () => {
    const api = createTestApi();
    await api.stores.close();
    const ready = await api.request("GET", "/api/ready");
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: "not ready", down: { database: "unavailable" } });
    expect((await api.request("GET", "/api/health")).status).toBe(200);
  });

  it("ready is 503 from the moment shutdown begins", async () => {
    const api = createTestApi();
    expect((await api.request("GET", "/api/ready")).status).toBe(200);
    api.readiness.beginShutdown();
    const ready = await api.request("GET", "/api/ready");
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: "shutting down", down: { server: "shutting down" } });
    expect((await api.request("GET", "/api/health")).status).toBe(200);
  });

  it("health reports the price source as last seen, never asking it, and stays 200 while it fails", async () => {
    let failing = false;
    let asked = 0;
    const api = createTestApi({
      priceSource: {
        fetchPooUsd: async () => {
          asked += 1;
          if (failing) throw new Error("CoinMarketCap answered 401");
          return { usd: 0.005, updatedAt: new Date(api.clock.now), source: "coinmarketcap" };
        },
      },
    });
    const dependencies = async () => {
      const response = await api.request("GET", "/api/health");
      expect(response.status).toBe(200);
      return ((await response.json()) as { dependencies: Record<string, unknown> }).dependencies;
    };
    expect(await dependencies()).toEqual({ price: { status: "unknown", reason: "not asked yet" } });
    expect((await api.request("GET", "/api/price/poo")).status).toBe(200);
    expect(await dependencies()).toEqual({ price: { status: "ok" } });
    failing = true;
    const failedAt = new Date(api.clock.now + 301_000).toISOString();
    api.clock.now += 301_000;
    expect((await api.request("GET", "/api/price/poo")).status).toBe(503);
    api.clock.now += 40_000;
    expect((await api.request("GET", "/api/price/poo")).status).toBe(503);
    expect(await dependencies()).toEqual({
      price: { status: "down", reason: "price refresh failing; last good price 341 s old", since: failedAt },
    });
    expect(asked).toBe(3);
    // Neither health nor readiness depends on it.
    expect((await api.request("GET", "/api/ready")).status).toBe(200);
    expect(asked).toBe(3);
  });
});
