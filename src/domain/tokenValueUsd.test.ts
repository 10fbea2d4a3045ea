import { describe, expect, it } from "vitest";
import { tokenValueUsd } from "./tokenValueUsd";

const E18 = 10n ** 18n;

describe("tokenValueUsd", () => {
  it("is quantity times price", () => {
    expect(tokenValueUsd(1000n * E18, 0.1)).toBeCloseTo(100, 10);
    expect(tokenValueUsd(15n * 10n ** 17n, 2)).toBe(3);
    expect(tokenValueUsd(0n, 5)).toBe(0);
  });

  it("keeps precision for large balances", () => {
    expect(tokenValueUsd(123_456_789_012n * E18 + 5n * 10n ** 17n, 1)).toBe(123_456_789_012.5);
  });

  it("gives NaN for a missing price, which formatUsd shows as unavailable", () => {
    expect(tokenValueUsd(E18, Number.NaN)).toBeNaN();
  });

  it("honours decimals", () => {
    expect(tokenValueUsd(2_500_000n, 4, 6)).toBe(10);
  });
});
