import { afterEach, describe, expect, it, vi } from "vitest";
import { lazyPriceHistorySource } from "./lazyPriceHistorySource";

const ADAPTER = "../../adapters/http/HttpPriceHistorySource";

const body = {
  period: "1M",
  from: "2026-10-01T00:00:00.000Z",
  to: "2026-10-31T00:00:00.000Z",
  points: [{ t: "2026-10-02T00:00:00.000Z", usd: 0.01 }],
  sample: false,
  sampleUntil: null,
  firstPointAt: "2026-10-02T00:00:00.000Z",
};

function recordingFetch(calls: string[]): typeof fetch {
  return async (input) => {
    calls.push(String(input));
    return new Response(JSON.stringify(body));
  };
}

afterEach(() => {
  vi.doUnmock(ADAPTER);
  vi.resetModules();
});

describe("lazyPriceHistorySource", () => {
  it("asks nothing until read, then answers each read through the API's adapter", async () => {
    const calls: string[] = [];
    const source = lazyPriceHistorySource("/api", recordingFetch(calls));
    expect(calls).toEqual([]);
    const history = await source.loadHistory("1M");
    expect(history.points).toEqual([{ t: new Date("2026-10-02T00:00:00.000Z"), usd: 0.01 }]);
    await source.loadHistory("1M");
    expect(calls).toEqual(["/api/price/poo/history?period=1M", "/api/price/poo/history?period=1M"]);
  });

  it("fails the read when the adapter cannot be loaded, and loads it again on the next read", async () => {
    vi.resetModules();
    vi.doMock(ADAPTER, () => {
      throw new Error("chunk failed to load");
    });
    const { lazyPriceHistorySource: fresh } = await import("./lazyPriceHistorySource");
    const calls: string[] = [];
    const source = fresh("/api", recordingFetch(calls));
    await expect(source.loadHistory("1M")).rejects.toThrow();
    vi.doUnmock(ADAPTER);
    vi.resetModules();
    const history = await source.loadHistory("1M");
    expect(history.points).toHaveLength(1);
    expect(calls).toEqual(["/api/price/poo/history?period=1M"]);
  });
});
