import { describe, expect, it } from "vitest";
import { DATABASE_UNAVAILABLE } from "../createApi";
import { alice } from "../testing/hardhatAccounts";
import { metricValue } from "../testing/metricValue";
import { createTestApi, errorOf } from "../testing/testApi";

describe("a database that cannot serve", () => {
  it("answers 503 with one clear message and Retry-After on every route that needs it, never 500", async () => {
    const api = createTestApi();
    const cookie = await api.signIn(alice);
    await api.stores.close();
    const routes: Array<[string, string, unknown?]> = [
      ["GET", "/api/auth/nonce"],
      ["POST", "/api/auth/verify", { message: "x", signature: "0x00" }],
      ["GET", "/api/auth/me"],
      ["POST", "/api/auth/logout"],
      ["PUT", "/api/launches/crap/registration", { amountEth: "0.5" }],
      ["GET", "/api/launches/crap/registration"],
      ["POST", "/api/launch-applications", {}],
      ["GET", "/api/price/poo/history?period=1M"],
    ];
    for (const [method, path, body] of routes) {
      const response = await api.request(method, path, body, { cookie });
      expect({
        route: `${method} ${path}`,
        status: response.status,
        retryAfter: response.headers.get("retry-after"),
      }).toEqual({
        route: `${method} ${path}`,
        status: 503,
        retryAfter: "5",
      });
      expect(await errorOf(response)).toBe(DATABASE_UNAVAILABLE);
    }
    // What does not need the database keeps working.
    expect((await api.request("GET", "/api/health")).status).toBe(200);
    expect((await api.request("GET", "/api/price/poo")).status).toBe(200);
    expect(await metricValue(api.metrics, "poo_database_unavailable_total")).toBe(routes.length);
    expect(api.logger.lines.filter((line) => line.level === "error")).toEqual([]);
    expect(api.logger.lines.filter((line) => line.message === "Database unavailable: answered 503")).toEqual([
      {
        level: "warn",
        message: "Database unavailable: answered 503",
        fields: { route: "/api/auth/nonce", reason: "database is not open", heldBack: 0 },
      },
    ]);
  });

  it("still answers 500 for an error that is not the database's", async () => {
    const api = createTestApi({
      databaseUnavailable: () => false,
    });
    await api.stores.close();
    const response = await api.request("GET", "/api/auth/nonce");
    expect(response.status).toBe(500);
    expect(await errorOf(response)).toBe("Internal server error.");
  });
});
