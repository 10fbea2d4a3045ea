import { describe, expect, it } from "vitest";
import type { PricePoint } from "../../../domain/priceHistory";
import {
  closePerBucket,
  formatPercentChange,
  nearestIndex,
  niceTicks,
  priceChange,
  timeTicks,
} from "./chartMath";

const DAY = 86_400_000;
const at = (day: number, usd: number, hours = 0): PricePoint => ({
  t: new Date(day * DAY + hours * 3_600_000),
  usd,
});

describe("priceChange", () => {
  it("is the change from the first to the last point, in percent", () => {
    expect(priceChange([at(0, 2), at(1, 5), at(2, 3)])?.percent).toBeCloseTo(50);
    expect(priceChange([at(0, 4), at(1, 3)])?.percent).toBeCloseTo(-25);
  });

  it("has no figure with fewer than two points or a first price of 0", () => {
    expect(priceChange([])).toBeUndefined();
    expect(priceChange([at(0, 1)])).toBeUndefined();
    expect(priceChange([at(0, 0), at(1, 1)])).toBeUndefined();
  });

  it("is written with a sign and two decimals", () => {
    expect(formatPercentChange(12.345)).toBe("+12.35%");
    expect(formatPercentChange(-0.5)).toBe("-0.50%");
    expect(formatPercentChange(0.001)).toBe("0.00%");
  });
});

describe("closePerBucket", () => {
  it("keeps the last point of each day: 24 hourly points a day become one per day", () => {
    const hourly = Array.from({ length: 90 * 24 }, (_, i) => at(0, i, i));
    const oneMonth = closePerBucket(hourly, 60 * DAY, 90 * DAY, 30);
    const threeMonths = closePerBucket(hourly, 0, 90 * DAY, 90);
    expect(oneMonth).toHaveLength(30);
    expect(threeMonths).toHaveLength(90);
    expect(threeMonths[0]?.usd).toBe(23); // the close of day 0: hour 23
  });

  it("leaves out points outside the span and empty days, and keeps few points as they are", () => {
    const points = [at(-1, 9), at(1, 1), at(1, 2, 5), at(5, 3), at(11, 4)];
    expect(closePerBucket(points, 0, 10 * DAY, 10).map((p) => p.usd)).toEqual([2, 3]);
    expect(closePerBucket(points, 10 * DAY, 0, 10)).toEqual([]);
  });
});

describe("niceTicks", () => {
  it("covers the range with round steps", () => {
    expect(niceTicks(0.0123, 0.0187, 4)).toEqual([0.01, 0.015, 0.02]);
    expect(niceTicks(3, 97, 5)).toEqual([0, 50, 100]);
  });

  it("gives ticks around a flat series and nothing for nonsense", () => {
    const ticks = niceTicks(2, 2, 3);
    expect(ticks.length).toBeGreaterThanOrEqual(2);
    expect(Math.min(...ticks)).toBeLessThanOrEqual(2);
    expect(Math.max(...ticks)).toBeGreaterThanOrEqual(2);
    expect(niceTicks(Number.NaN, 1, 3)).toEqual([]);
  });
});

describe("timeTicks and nearestIndex", () => {
  it("spaces the date labels evenly, both ends included", () => {
    expect(timeTicks(0, 30, 4)).toEqual([0, 10, 20, 30]);
    expect(timeTicks(5, 5, 4)).toEqual([]);
  });

  it("finds the point under the pointer", () => {
    const points = [at(0, 1), at(2, 2), at(10, 3)];
    expect(nearestIndex(points, 0.9 * DAY)).toBe(0);
    expect(nearestIndex(points, 1.1 * DAY)).toBe(1);
    expect(nearestIndex(points, 100 * DAY)).toBe(2);
    expect(nearestIndex([], 0)).toBe(-1);
  });
});
