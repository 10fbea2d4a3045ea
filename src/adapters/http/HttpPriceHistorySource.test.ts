import { describe, expect, it } from "vitest";
import { PriceUnavailableError } from "../../domain/errors/priceUnavailableError";
import { HttpPriceHistorySource } from "./HttpPriceHistorySource";

const body = {
  period: "1M",
  from: "2026-10-01T00:00:00.000Z",
  to: "2026-10-31T00:00:00.000Z",
  points: [
    { t: "2026-10-02T00:00:00.000Z", usd: 0.01 },
    { t: "2026-10-03T00:00:00.000Z", usd: 0.02 },
  ],
  sample: true,
  sampleUntil: "2026-10-03T00:00:00.000Z",
  firstPointAt: "2026-08-01T00:00:00.000Z",
  source: "sample",
};
const answer =
  (status: number, payload: unknown): typeof fetch =>
  async () =>
    new Response(typeof payload === "string" ? payload : JSON.stringify(payload), { status });

describe("HttpPriceHistorySource", () => {
  it("asks the API for the period and turns the answer into dates and numbers", async () => {
    const calls: string[] = [];
    const source = new HttpPriceHistorySource("/api", async (input) => {
      calls.push(String(input));
      return new Response(JSON.stringify(body));
    });
    const history = await source.loadHistory("1M");
    expect(calls).toEqual(["/api/price/poo/history?period=1M"]);
    expect(history.points).toEqual([
      { t: new Date("2026-10-02T00:00:00.000Z"), usd: 0.01 },
      { t: new Date("2026-10-03T00:00:00.000Z"), usd: 0.02 },
    ]);
    expect(history.sample).toBe(true);
    expect(history.firstPointAt).toEqual(new Date("2026-08-01T00:00:00.000Z"));
  });

  it("drops bad or out-of-order points instead of failing the chart", async () => {
    const points = [
      { t: "2026-10-02T00:00:00.000Z", usd: 0.01 },
      { t: "nonsense", usd: 1 },
      { t: "2026-10-02T12:00:00.000Z", usd: -3 },
      { t: "2026-10-01T00:00:00.000Z", usd: 0.5 },
      { t: "2026-10-04T00:00:00.000Z", usd: 0.03 },
    ];
    const history = await new HttpPriceHistorySource("/api", answer(200, { ...body, points })).loadHistory(
      "1M",
    );
    expect(history.points.map((p) => p.usd)).toEqual([0.01, 0.03]);
  });

  it.each([
    ["a 503", answer(503, { error: "down" })],
    ["HTML", answer(200, "<html>")],
    ["another period", answer(200, { ...body, period: "3M" })],
    ["no points array", answer(200, { ...body, points: null })],
  ])("turns %s into PriceUnavailableError", async (_name, fetchFn) => {
    await expect(new HttpPriceHistorySource("/api", fetchFn).loadHistory("1M")).rejects.toBeInstanceOf(
      PriceUnavailableError,
    );
  });
});
