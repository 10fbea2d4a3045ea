import { describe, expect, it } from "vitest";
import { CoinMarketCapPriceSource } from "../adapters/CoinMarketCapPriceSource";
import { hangingFetch, readCmcFixture, replayFetch } from "../testing/recordedFetch";
import { createTestApi, errorOf } from "../testing/testApi";
import { SeedSamplePriceHistory } from "../use-cases/SeedSamplePriceHistory";

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

describe("GET /api/price/poo/history", () => {
  const DAY = 24 * 3_600_000;
  const history = (api: ReturnType<typeof createTestApi>, query: string) =>
    api.request("GET", `/api/price/poo/history${query}`);
  type HistoryBody = {
    period: string;
    from: string;
    to: string;
    points: Array<{ t: string; usd: number }>;
    sample: boolean;
    sampleUntil: string | null;
    firstPointAt: string | null;
    source: string | null;
  };

  it.each(["", "?period=", "?period=1m", "?period=4M", "?period=1Y", "?period=1M&period=3M", "?period=%00"])(
    "refuses %j with 400 and reads nothing",
    async (query) => {
      const api = createTestApi();
      let reads = 0;
      const range = api.priceHistoryStore.range.bind(api.priceHistoryStore);
      api.priceHistoryStore.range = async (...args) => {
        reads += 1;
        return range(...args);
      };
      const response = await history(api, query);
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe("period must be one of 1M, 2M or 3M, given once (?period=1M).");
      expect(reads).toBe(0);
    },
  );

  it("answers an empty history with no points and no source", async () => {
    const api = createTestApi();
    const response = await history(api, "?period=1M");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      period: "1M",
      from: new Date(api.clock.now - 30 * DAY).toISOString(),
      to: new Date(api.clock.now).toISOString(),
      points: [],
      sample: false,
      sampleUntil: null,
      firstPointAt: null,
      source: null,
    });
  });

  it("serves only the period's points, at most 180, oldest first, each bucket's last price", async () => {
    const api = createTestApi();
    // One point an hour for 100 days: 2,400 points, far more than a chart needs.
    const points = Array.from({ length: (100 * DAY) / 3_600_000 }, (_, i) => ({
      at: new Date(api.clock.now - i * 3_600_000),
      usd: 0.004 + (i % 7) * 0.0001,
      source: "coinmarketcap",
      sample: false,
    })).reverse();
    await api.priceHistoryStore.recordMany(points);
    for (const [period, days] of [
      ["1M", 30],
      ["2M", 60],
      ["3M", 90],
    ] as const) {
      const body = (await (await history(api, `?period=${period}`)).json()) as HistoryBody;
      expect(body.points.length).toBeLessThanOrEqual(180);
      expect(body.points.length).toBeGreaterThan(170);
      const times = body.points.map((point) => Date.parse(point.t));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(times[0]).toBeGreaterThanOrEqual(api.clock.now - days * DAY);
      expect(times.at(-1)).toBe(api.clock.now); // the newest point closes the last bucket
      expect(body.points.at(-1)?.usd).toBe(0.004);
      expect(body).toMatchObject({ period, sample: false, source: "coinmarketcap" });
      expect(body.firstPointAt).toBe(points[0]?.at.toISOString());
    }
  });

  it("is computed once a minute for everyone, and says so to caches", async () => {
    const api = createTestApi();
    let reads = 0;
    const range = api.priceHistoryStore.range.bind(api.priceHistoryStore);
    api.priceHistoryStore.range = async (...args) => {
      reads += 1;
      return range(...args);
    };
    const first = await history(api, "?period=1M");
    expect(first.headers.get("cache-control")).toBe("public, max-age=60");
    await Promise.all([history(api, "?period=1M"), history(api, "?period=1M")]);
    expect(reads).toBe(1);
    await history(api, "?period=3M");
    expect(reads).toBe(2);
    await api.priceHistoryStore.record({
      at: new Date(api.clock.now),
      usd: 0.005,
      source: "dev",
      sample: false,
    });
    api.clock.now += 59_999;
    expect(((await (await history(api, "?period=1M")).json()) as HistoryBody).points).toEqual([]);
    api.clock.now += 1;
    expect(((await (await history(api, "?period=1M")).json()) as HistoryBody).points).toHaveLength(1);
    expect(reads).toBe(3);
  });

  it("marks sample data: the flag, until when, and the source", async () => {
    const api = createTestApi();
    const seeded = await new SeedSamplePriceHistory({
      store: api.priceHistoryStore,
      now: () => api.clock.now,
      endUsd: 0.0042,
    }).execute();
    expect(seeded).toBe(90 * 24);
    await api.request("GET", "/api/price/poo"); // records the dev price now
    const body = (await (await history(api, "?period=3M")).json()) as HistoryBody;
    expect(body).toMatchObject({ sample: true, source: "mixed" });
    expect(Date.parse(body.sampleUntil ?? "")).toBeLessThan(api.clock.now);
    expect(body.points.at(-1)).toEqual({ t: new Date(api.clock.now).toISOString(), usd: 0.0042 });
  });
});

describe("price recording", () => {
  it("records one point per upstream fetch, with its source and time, and none while cached or failing", async () => {
    const api = apiWithCmc();
    await price(api);
    await price(api);
    expect(await api.priceHistoryStore.range(new Date(0), new Date(api.clock.now))).toEqual([
      {
        at: new Date("2025-06-02T10:14:00.000Z"),
        usd: 0.004213370512,
        source: "coinmarketcap",
        sample: false,
      },
    ]);
    api.clock.now += 5 * 60_000;
    api.answer(429, "cmc-429-rate-limit.json");
    await price(api);
    expect(await api.priceHistoryStore.range(new Date(0), new Date(api.clock.now))).toHaveLength(1);
  });

  it("still serves the price when the history cannot be written, and logs why", async () => {
    const api = createTestApi();
    api.priceHistoryStore.record = async () => {
      throw new Error("disk full");
    };
    const response = await price(api);
    expect(response.status).toBe(200);
    expect(api.logger.lines).toContainEqual({
      level: "warn",
      message: "POO price could not be recorded in the history",
      fields: { reason: "disk full" },
    });
  });
});
