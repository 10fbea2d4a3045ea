import { describe, expect, it } from "vitest";
import { CoinMarketCapPriceSource } from "../adapters/CoinMarketCapPriceSource";
import { hangingFetch, readCmcFixture, replayFetch } from "../testing/recordedFetch";
import { createTestApi } from "../testing/testApi";

/** The API with CoinMarketCap behind a fetch whose answer each test switches. */
function apiWithCmc() {
  let current: typeof globalThis.fetch = replayFetch(
    200,
    readCmcFixture("cmc-v2-quotes-slug-200.json"),
  ).fetch;
  let calls = 0;
  const fetch: typeof globalThis.fetch = (input, init) => {
    calls += 1;
    return current(input, init);
  };
  const api = createTestApi({
    priceSource: new CoinMarketCapPriceSource({ apiKey: "test-key", fetch, timeoutMs: 30 }),
  });
  api.clock.now = Date.parse("2025-06-02T10:15:03Z"); // just after the fixtures' last_updated
  return {
    ...api,
    answer(status: number, fixture: string) {
      current = replayFetch(status, readCmcFixture(fixture)).fetch;
    },
    hang() {
      current = hangingFetch();
    },
    get upstreamCalls() {
      return calls;
    },
  };
}

const price = (api: ReturnType<typeof createTestApi>) => api.request("GET", "/api/price/poo");

describe("GET /api/price/poo", () => {
  it("serves the dev price when there is no CoinMarketCap key", async () => {
    const api = createTestApi();
    const response = await price(api);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      usd: 0.0042,
      updatedAt: new Date(api.clock.now).toISOString(),
      source: "dev",
    });
  });

  it("serves CoinMarketCap's price and asks upstream once per 5 minutes for all clients", async () => {
    const api = apiWithCmc();
    const first = await price(api);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({
      usd: 0.004213370512,
      updatedAt: "2025-06-02T10:14:00.000Z",
      source: "coinmarketcap",
    });
    await Promise.all([price(api), price(api), price(api)]);
    api.clock.now += 4 * 60_000;
    await price(api);
    expect(api.upstreamCalls).toBe(1);
    api.clock.now += 60_000;
    await price(api);
    expect(api.upstreamCalls).toBe(2);
  });

  it.each([
    [401, "cmc-401-invalid-key.json"],
    [429, "cmc-429-rate-limit.json"],
    [400, "cmc-400-invalid-slug.json"],
  ])("answers 503 without lastGood when the first upstream answer is HTTP %i", async (status, fixture) => {
    const api = apiWithCmc();
    api.answer(status, fixture);
    const response = await price(api);
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("30");
    expect(await response.json()).toEqual({ error: "POO price is temporarily unavailable." });
    expect(JSON.stringify(api.logger.lines)).toContain(`HTTP ${status}`);
    expect(JSON.stringify(api.logger.lines)).not.toContain("test-key");
  });

  it("answers 503 with the last good price and its age when upstream later fails or times out", async () => {
    const api = apiWithCmc();
    await price(api);
    api.clock.now += 5 * 60_000;
    api.answer(429, "cmc-429-rate-limit.json");
    const limited = await price(api);
    expect(limited.status).toBe(503);
    const ageSeconds = 63 + 5 * 60;
    expect(await limited.json()).toEqual({
      error: "POO price is temporarily unavailable.",
      lastGood: { usd: 0.004213370512, updatedAt: "2025-06-02T10:14:00.000Z", ageSeconds },
    });

    api.clock.now += 30_000;
    api.hang();
    const timedOut = await price(api);
    expect(timedOut.status).toBe(503);
    expect(await timedOut.json()).toMatchObject({ lastGood: { usd: 0.004213370512 } });
    expect(JSON.stringify(api.logger.lines)).toContain("did not answer within 30 ms");
  });

  it("does not hammer a failing upstream: one retry per 30 s", async () => {
    const api = apiWithCmc();
    api.answer(429, "cmc-429-rate-limit.json");
    await price(api);
    await price(api);
    api.clock.now += 29_000;
    await price(api);
    expect(api.upstreamCalls).toBe(1);
    api.clock.now += 1_000;
    api.answer(200, "cmc-v2-quotes-slug-200.json");
    expect((await price(api)).status).toBe(200);
    expect(api.upstreamCalls).toBe(2);
  });
});
