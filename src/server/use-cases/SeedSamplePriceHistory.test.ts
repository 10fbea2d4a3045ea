import { describe, expect, it } from "vitest";
import { memoryStores } from "../testing/memoryStores";
import { SeedSamplePriceHistory } from "./SeedSamplePriceHistory";

const NOW = Date.parse("2025-06-02T10:17:00.000Z");
const HOUR = 3_600_000;

describe("SeedSamplePriceHistory", () => {
  it("writes three months of hourly points marked sample, ending at the given price an hour ago", async () => {
    const { priceHistoryStore: store } = memoryStores();
    const seed = new SeedSamplePriceHistory({ store, now: () => NOW, endUsd: 0.0042 });
    expect(await seed.execute()).toBe(2160);
    const points = await store.range(new Date(0), new Date(NOW));
    expect(points).toHaveLength(2160);
    expect(points.every((point) => point.sample && point.source === "sample")).toBe(true);
    expect(points.at(-1)).toMatchObject({
      at: new Date(Date.parse("2025-06-02T09:00:00.000Z")),
      usd: 0.0042,
    });
    expect(points[0]?.at).toEqual(new Date(Date.parse("2025-06-02T09:00:00.000Z") - 2159 * HOUR));
    // Plausible: positive, within a factor of 10 of today's price, no hourly jump above 3 %.
    for (const [i, point] of points.entries()) {
      expect(point.usd).toBeGreaterThan(0.00042);
      expect(point.usd).toBeLessThan(0.042);
      const before = points[i - 1];
      if (before) expect(Math.abs(Math.log(point.usd / before.usd))).toBeLessThan(0.03);
    }
  });

  it("leaves a history that has any point alone (a restart, or real prices already recorded)", async () => {
    const { priceHistoryStore: store } = memoryStores();
    await store.record({ at: new Date(NOW), usd: 0.005, source: "coinmarketcap", sample: false });
    expect(await new SeedSamplePriceHistory({ store, now: () => NOW, endUsd: 0.0042 }).execute()).toBe(0);
    expect(await store.range(new Date(0), new Date(NOW))).toHaveLength(1);
  });
});
