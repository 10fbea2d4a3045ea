import { describe, expect, it } from "vitest";
import { percentile } from "./stats";

describe("percentile (nearest rank)", () => {
  it("p50 and p99 of 1..100 are 50 and 99; of 1..1000, 500 and 990", () => {
    const hundred = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile(hundred, 100)).toBe(100);
    const thousand = Array.from({ length: 1000 }, (_, i) => i + 1);
    expect(percentile(thousand, 50)).toBe(500);
    expect(percentile(thousand, 99)).toBe(990);
  });

  it("is a measured value, sorted numerically (not as text), and one slow answer sets p99 of few", () => {
    expect(percentile([0.25, 10, 2, 1.5], 50)).toBe(1.5);
    expect(percentile([9, 10, 100], 50)).toBe(10);
    const fewWithOneSlow = [...Array.from({ length: 50 }, () => 1), 80];
    expect(percentile(fewWithOneSlow, 99)).toBe(80);
    expect(percentile(fewWithOneSlow, 50)).toBe(1);
  });

  it("none measured: null; a p outside (0, 100]: a RangeError", () => {
    expect(percentile([], 50)).toBeNull();
    expect(() => percentile([1], 0)).toThrow(RangeError);
    expect(() => percentile([1], 101)).toThrow("p must be in (0, 100]");
  });
});
