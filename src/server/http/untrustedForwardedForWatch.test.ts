import { describe, expect, it } from "vitest";
import { metricValue } from "../testing/metricValue";
import { createTestApi, PROXY } from "../testing/testApi";

const UNTRUSTED = "TRUSTED_PROXIES does not list";
const COUNTER = "poo_untrusted_forwarded_for_total";

describe("X-Forwarded-For from a peer that is not a trusted proxy", () => {
  it("is counted on every request and logged once a minute per peer, naming the peer", async () => {
    const api = createTestApi();
    const fromNginx = { headers: { "x-test-peer": "10.0.0.9", "x-forwarded-for": "203.0.113.5" } };
    for (let i = 0; i < 5; i += 1)
      expect((await api.request("GET", "/api/health", undefined, fromNginx)).status).toBe(200);
    expect(await metricValue(api.metrics, COUNTER)).toBe(5);
    const lines = () => api.logger.lines.filter((line) => line.message.includes(UNTRUSTED));
    expect(lines()).toEqual([
      {
        level: "warn",
        message:
          "X-Forwarded-For from 10.0.0.9, which TRUSTED_PROXIES does not list: header ignored, 10.0.0.9 counts as the client (add your proxy's address to TRUSTED_PROXIES)",
        fields: { peer: "10.0.0.9", heldBack: 0 },
      },
    ]);

    // Another peer has its own line; the first peer's next line comes a minute after its last.
    await api.request("GET", "/api/health", undefined, {
      headers: { "x-test-peer": "10.0.0.10", "x-forwarded-for": "1.2.3.4" },
    });
    api.clock.now += 59_000;
    await api.request("GET", "/api/health", undefined, fromNginx);
    expect(lines().map((line) => line.fields)).toEqual([
      { peer: "10.0.0.9", heldBack: 0 },
      { peer: "10.0.0.10", heldBack: 0 },
    ]);
    api.clock.now += 1_000;
    await api.request("GET", "/api/health", undefined, fromNginx);
    expect(lines().map((line) => line.fields)).toEqual([
      { peer: "10.0.0.9", heldBack: 0 },
      { peer: "10.0.0.10", heldBack: 0 },
      { peer: "10.0.0.9", heldBack: 5 },
    ]);
    expect(await metricValue(api.metrics, COUNTER)).toBe(8);
    // The header was ignored: the peer is the client (its own rate-limit key), as the log says.
    const requestLines = api.logger.lines.filter((line) => line.message === "request");
    expect(requestLines.at(-1)?.fields?.client).toBe("10.0.0.9");
  });

  it("leaves alone a trusted proxy's header, and a peer that sends none", async () => {
    const api = createTestApi();
    await api.request("GET", "/api/health", undefined, {
      headers: { "x-test-peer": PROXY, "x-forwarded-for": "203.0.113.5" },
    });
    await api.request("GET", "/api/health", undefined, {
      headers: { "x-test-peer": "10.0.0.9", "x-forwarded-for": "" },
    });
    const direct = await api.app.request("http://127.0.0.1:8787/api/health", {
      headers: { "x-test-peer": "203.0.113.77" },
    });
    expect(direct.status).toBe(200);
    expect(await metricValue(api.metrics, COUNTER)).toBe(0);
    expect(api.logger.lines.filter((line) => line.message.includes(UNTRUSTED))).toEqual([]);
  });
});
