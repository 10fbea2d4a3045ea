import { parseEther } from "viem";
import { describe, expect, it } from "vitest";
import { isWhitelistEligible, usdValueOf } from "./whitelistEligibility";

describe("whitelist eligibility", () => {
  it("is eligible at exactly 100 USD", () => {
    expect(usdValueOf(parseEther("200"), 0.5)).toBe(parseEther("100"));
    expect(isWhitelistEligible(parseEther("200"), 0.5)).toBe(true);
  });

  it("is ineligible one base unit below 100 USD", () => {
    expect(isWhitelistEligible(parseEther("200") - 1n, 0.5)).toBe(false);
  });

  it("uses the dev price 0.0042: 23,810 POO is enough, 23,809 is not", () => {
    expect(isWhitelistEligible(parseEther("23810"), 0.0042)).toBe(true);
    expect(isWhitelistEligible(parseEther("23809"), 0.0042)).toBe(false);
  });

  it("rejects unusable prices", () => {
    expect(() => usdValueOf(1n, Number.NaN)).toThrow(RangeError);
    expect(() => usdValueOf(1n, -1)).toThrow(RangeError);
  });
});
