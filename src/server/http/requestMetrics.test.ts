import { describe, expect, it } from "vitest";
import { alice } from "../testing/hardhatAccounts";
import { metricValue } from "../testing/metricValue";
import { CLIENT, createTestApi } from "../testing/testApi";

describe("request metrics", () => {
  it("count and time answers by method, route pattern and status class; no raw path, address or method a client chose", async () => {
    const api = createTestApi();
    const cookie = await api.signIn(alice);
    await api.request("PUT", "/api/launches/crap/registration", { amountEth: "0.5" }, { cookie });
    await api.request("GET", "/api/launches/crap/registration", undefined, { cookie });
    await api.request("GET", "/api/launches/secret-98765/registration", undefined, { cookie });
    await api.request("GET", "/api/nope/12345?token=abc");
    await api.request("FOO", "/api/health");
    await api.request("GET", "/api/price/poo");

    const route = "/api/launches/:launchId/registration";
    expect(
      await metricValue(api.metrics, "poo_http_requests_total", {
        method: "PUT",
        route,
        status_class: "2xx",
      }),
    ).toBe(1);
    expect(
      await metricValue(api.metrics, "poo_http_requests_total", {
        method: "GET",
        route,
        status_class: "2xx",
      }),
    ).toBe(1);
    expect(
      await metricValue(api.metrics, "poo_http_requests_total", {
        method: "GET",
        route,
        status_class: "4xx",
      }),
    ).toBe(1);
    expect(
      await metricValue(api.metrics, "poo_http_request_duration_seconds_count", {
        method: "GET",
        route: "/api/price/poo",
        status_class: "2xx",
      }),
    ).toBe(1);
    expect(
      await metricValue(api.metrics, "poo_http_requests_total", {
        method: "POST",
        route: "/api/auth/verify",
        status_class: "2xx",
      }),
    ).toBe(1);

    const { text } = await api.metrics.exposition();
    for (const chosen of [
      "12345",
      "secret",
      "98765",
      "token=abc",
      "FOO",
      CLIENT,
      alice.address,
      alice.address.toLowerCase(),
    ]) {
      expect(text, chosen).not.toContain(chosen);
    }
    expect(text).toContain('method="OTHER"');
    // Every route label is a pattern the code defines ("/api/*": no route answered an unknown API path;
    // the answer deadline's middleware is the last pattern it matched).
    const routes = new Set([...text.matchAll(/route="([^"]*)"/g)].map((match) => match[1]));
    expect([...routes].sort()).toEqual([
      "/api/*",
      "/api/auth/nonce",
      "/api/auth/verify",
      "/api/launches/:launchId/registration",
      "/api/price/poo",
    ]);
  });
});
