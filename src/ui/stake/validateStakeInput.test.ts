import { describe, expect, it } from "vitest";
import { parseTokenQuantity } from "../../domain/parseTokenQuantity";
import { BALANCES_LOADING_MESSAGE, maxStakeText, validateStakeInput } from "./validateStakeInput";

const E18 = 10n ** 18n;
const limits = { pooBalance: 1234n * E18 + 5n, minStake: 100n * E18 };

describe("validateStakeInput", () => {
  it("accepts a quantity between the minimum stake and the balance", () => {
    expect(validateStakeInput("150.5", limits)).toEqual({ ok: true, quantity: 1505n * 10n ** 17n });
  });

  it("accepts exactly the minimum and exactly the balance", () => {
    expect(validateStakeInput("100", limits)).toEqual({ ok: true, quantity: 100n * E18 });
    expect(validateStakeInput("1234.000000000000000005", limits)).toEqual({
      ok: true,
      quantity: limits.pooBalance,
    });
  });

  it("says nothing while the field is empty, but refuses it", () => {
    expect(validateStakeInput("", limits)).toEqual({ ok: false, message: undefined });
    expect(validateStakeInput("   ", limits)).toEqual({ ok: false, message: undefined });
  });

  it.each([
    ["0", "Enter a quantity greater than 0."],
    ["0.000", "Enter a quantity greater than 0."],
    ["-5", "The quantity cannot be negative."],
    ["abc", "Enter a number, e.g. 12.5."],
    ["1e3", "Write the quantity without exponent notation (e.g. 1500, not 1.5e3)."],
    ["1,000", "Remove thousands separators (commas or spaces)."],
    ["1.0000000000000000001", "At most 18 decimal places are allowed."],
  ])("passes on the parser's message for %j", (text, message) => {
    expect(validateStakeInput(text, limits)).toEqual({ ok: false, message });
  });

  it("refuses below the contract's minimum stake", () => {
    expect(validateStakeInput("99.999", limits)).toEqual({
      ok: false,
      message: "The minimum stake is 100 POO.",
    });
  });

  it("refuses more than the available balance, naming it exactly", () => {
    expect(validateStakeInput("1234.000000000000000006", limits)).toEqual({
      ok: false,
      message: "You have only 1234.000000000000000005 POO available.",
    });
  });

  it("checks the minimum first, like the use case", () => {
    expect(validateStakeInput("50", { pooBalance: 10n * E18, minStake: 100n * E18 })).toEqual({
      ok: false,
      message: "The minimum stake is 100 POO.",
    });
  });

  it("waits for the balances before accepting anything", () => {
    expect(validateStakeInput("150", undefined)).toEqual({ ok: false, message: BALANCES_LOADING_MESSAGE });
  });
});

describe("maxStakeText", () => {
  it("is the exact balance and parses back to the same base units", () => {
    expect(maxStakeText(limits.pooBalance)).toBe("1234.000000000000000005");
    expect(parseTokenQuantity(maxStakeText(limits.pooBalance))).toEqual({
      ok: true,
      value: limits.pooBalance,
    });
  });
});
