import { describe, expect, it } from "vitest";
import { createTestApi } from "../testing/testApi";

describe("GET /api/health and /api/ready", () => {
  it("health is 200 while the process runs; ready is 200 with each check named", async () => {
    const api = createTestApi();
    const health = await api.request("GET", "/api/health");
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
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
});
