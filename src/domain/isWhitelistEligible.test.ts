import { describe, expect, it } from "vitest";
import { isWhitelistEligible, WHITELIST_THRESHOLD_USD } from "./isWhitelistEligible";

const E18 = 10n ** 18n;

describe("isWhitelistEligible", () => {
  it("uses a 100 USD threshold", () => {
    expect(WHITELIST_THRESHOLD_USD).toBe(100);
  });

  it.each<[string, bigint, number, boolean]>([
    ["exactly 100 USD", 1000n * E18, 0.1, true],
    ["well above", 1n * E18, 250, true],
    ["just below", 999n * E18, 0.1, false],
    ["no POO", 0n, 1_000_000, false],
    ["a zero price", 1_000_000n * E18, 0, false],
    ["a NaN price", 1_000_000n * E18, Number.NaN, false],
    ["a negative price", 1_000_000n * E18, -1, false],
  ])("%s", (_name, balance, price, expected) => {
    expect(isWhitelistEligible(balance, price)).toBe(expected);
  });
});
