import { describe, expect, it } from "vitest";
import {
  contributionLimits,
  ethToWei,
  maxWhitelistAmountWei,
  validateWhitelistAmount,
  weiToAmountText,
  WHITELIST_GAS_RESERVE_WEI,
} from "./whitelistAmount";

const E18 = 10n ** 18n;
const limits = contributionLimits({ minEth: 0.01, maxEth: 2 });
const balance = 1n * E18 + 234n * 10n ** 15n; // 1.234 ETH

describe("ethToWei", () => {
  it.each([
    [0.01, 10n ** 16n],
    [2, 2n * E18],
    [0.1, 10n ** 17n],
    [0, 0n],
    [1.5, 15n * 10n ** 17n],
    [1e-7, 10n ** 11n],
    [1e-18, 1n],
    [1e21, 10n ** 39n],
  ])("%d ETH -> %d wei, exactly", (eth, wei) => expect(ethToWei(eth)).toBe(wei));

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY, 1.5e-18])("refuses %d", (eth) =>
    expect(() => ethToWei(eth)).toThrow(RangeError),
  );

  it("reads the catalogue's contribution bounds", () =>
    expect(limits).toEqual({ minWei: 10n ** 16n, maxWei: 2n * E18 }));
});

describe("validateWhitelistAmount", () => {
  it.each([
    ["", "empty", undefined],
    ["   ", "empty", undefined],
    ["abc", "malformed", "Enter an amount of ETH, e.g. 0.5."],
    ["1.2.3", "malformed", "Enter an amount of ETH, e.g. 0.5."],
    ["-1", "malformed", "The amount cannot be negative."],
    ["1e-2", "malformed", "Write the quantity without exponent notation (e.g. 1500, not 1.5e3)."],
    ["1,000", "malformed", "Remove thousands separators (commas or spaces)."],
    ["0.1234567890123456789", "malformed", "At most 18 decimal places are allowed."],
    ["0", "below-min", "The minimum contribution is 0.01 ETH."],
    ["0.009", "below-min", "The minimum contribution is 0.01 ETH."],
    ["0.009999999999999999", "below-min", "The minimum contribution is 0.01 ETH."],
    ["2.000000000000000001", "above-max", "The maximum contribution is 2 ETH."],
    ["3", "above-max", "The maximum contribution is 2 ETH."],
    ["1.235", "above-balance", "That is more than your balance of 1.2340 ETH."],
  ])("refuses %j (%s)", (text, problem, message) => {
    expect(validateWhitelistAmount(text, limits, balance)).toEqual({ ok: false, problem, message });
  });

  it.each([
    ["0.01", 10n ** 16n],
    [".5", 5n * 10n ** 17n],
    [" 1.234 ", balance],
    ["1.2340000", balance],
  ])("accepts %j as %d wei", (text, amountWei) => {
    expect(validateWhitelistAmount(text, limits, balance)).toEqual({ ok: true, amountWei });
  });

  it("accepts the maximum when the balance covers it", () => {
    expect(validateWhitelistAmount("2", limits, 5n * E18)).toEqual({ ok: true, amountWei: 2n * E18 });
  });

  it("waits for the balance before accepting a valid amount", () => {
    expect(validateWhitelistAmount("0.5", limits, undefined)).toEqual({
      ok: false,
      problem: "balance-loading",
      message: "Your ETH balance is still loading.",
    });
  });
});

describe("maxWhitelistAmountWei", () => {
  it("keeps 0.005 ETH for gas", () => expect(WHITELIST_GAS_RESERVE_WEI).toBe(5n * 10n ** 15n));

  it.each([
    ["a large balance: the launch maximum", 10_000n * E18, 2n * E18],
    ["exactly max + reserve: the maximum", 2n * E18 + WHITELIST_GAS_RESERVE_WEI, 2n * E18],
    ["a small balance: the balance less the reserve", balance, balance - WHITELIST_GAS_RESERVE_WEI],
    ["a balance below the reserve: zero", 10n ** 15n, 0n],
    ["an empty wallet: zero", 0n, 0n],
  ])("%s", (_case, balanceWei, expected) => {
    expect(maxWhitelistAmountWei(balanceWei, limits)).toBe(expected);
  });

  it("writes Max as text the parser reads back to the same wei", () => {
    const max = maxWhitelistAmountWei(balance, limits);
    expect(weiToAmountText(max)).toBe("1.229");
    expect(validateWhitelistAmount(weiToAmountText(max), limits, balance)).toEqual({
      ok: true,
      amountWei: max,
    });
  });
});
