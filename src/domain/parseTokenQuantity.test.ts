import { describe, expect, it } from "vitest";
import { parseTokenQuantity } from "./parseTokenQuantity";

const E18 = 10n ** 18n;

const EMPTY = "Enter a quantity.";
const ZERO = "Enter a quantity greater than 0.";
const NEGATIVE = "The quantity cannot be negative.";
const EXPONENT = "Write the quantity without exponent notation (e.g. 1500, not 1.5e3).";
const TOO_PRECISE = "At most 18 decimal places are allowed.";
const SEPARATORS = "Remove thousands separators (commas or spaces).";
const NOT_A_NUMBER = "Enter a number, e.g. 12.5.";

describe("parseTokenQuantity accepts", () => {
  it.each<[string, bigint]>([
    ["12", 12n * E18],
    ["12.5", 125n * 10n ** 17n],
    [".5", 5n * 10n ** 17n],
    ["0.5", 5n * 10n ** 17n],
    ["0.000000000000000001", 1n],
    ["  12.5  ", 125n * 10n ** 17n],
    ["\t7\n", 7n * E18],
    ["12.", 12n * E18],
    ["007", 7n * E18],
    ["1000000", 1_000_000n * E18],
    ["123456789.123456789123456789", 123456789123456789123456789n],
    ["1.0000000000000000000", E18],
    ["99999999999999999999999999", 99999999999999999999999999n * E18],
  ])("%j -> %s", (text, expected) => {
    expect(parseTokenQuantity(text)).toEqual({ ok: true, value: expected });
  });
});

describe("parseTokenQuantity refuses", () => {
  it.each<[string, string, string]>([
    ["", "empty", EMPTY],
    ["   ", "empty", EMPTY],
    ["0", "zero", ZERO],
    ["0.0", "zero", ZERO],
    ["000", "zero", ZERO],
    [".0", "zero", ZERO],
    ["0.0000000000000000000", "zero", ZERO],
    ["-1", "negative", NEGATIVE],
    ["-0.5", "negative", NEGATIVE],
    ["-.5", "negative", NEGATIVE],
    ["\u22123", "negative", NEGATIVE],
    ["1e3", "exponent", EXPONENT],
    ["1.5e3", "exponent", EXPONENT],
    ["2E-5", "exponent", EXPONENT],
    [".5e+2", "exponent", EXPONENT],
    ["-1e3", "exponent", EXPONENT],
    ["0.0000000000000000001", "too-many-decimals", TOO_PRECISE],
    ["1.1234567890123456789", "too-many-decimals", TOO_PRECISE],
    ["1,000", "thousands-separator", SEPARATORS],
    ["12,345,678.9", "thousands-separator", SEPARATORS],
    ["1 000", "thousands-separator", SEPARATORS],
    ["1\u00a0000\u00a0000", "thousands-separator", SEPARATORS],
    ["abc", "not-a-number", NOT_A_NUMBER],
    [".", "not-a-number", NOT_A_NUMBER],
    ["-", "not-a-number", NOT_A_NUMBER],
    ["1.2.3", "not-a-number", NOT_A_NUMBER],
    ["12,5", "not-a-number", NOT_A_NUMBER],
    ["1,00", "not-a-number", NOT_A_NUMBER],
    ["0x10", "not-a-number", NOT_A_NUMBER],
    ["+5", "not-a-number", NOT_A_NUMBER],
    ["Infinity", "not-a-number", NOT_A_NUMBER],
    ["NaN", "not-a-number", NOT_A_NUMBER],
    ["12 POO", "not-a-number", NOT_A_NUMBER],
    ["$12", "not-a-number", NOT_A_NUMBER],
    ["1e", "not-a-number", NOT_A_NUMBER],
    ["1 2", "not-a-number", NOT_A_NUMBER],
  ])("%j with %s", (text, code, message) => {
    expect(parseTokenQuantity(text)).toEqual({ ok: false, error: { code, message } });
  });
});

describe("parseTokenQuantity with other decimals", () => {
  it("scales to the given decimals", () => {
    expect(parseTokenQuantity("1.5", 6)).toEqual({ ok: true, value: 1_500_000n });
  });

  it("names the limit in the message", () => {
    expect(parseTokenQuantity("1.1234567", 6)).toEqual({
      ok: false,
      error: { code: "too-many-decimals", message: "At most 6 decimal places are allowed." },
    });
    expect(parseTokenQuantity("0.55", 1)).toEqual({
      ok: false,
      error: { code: "too-many-decimals", message: "At most 1 decimal place is allowed." },
    });
    expect(parseTokenQuantity("2.5", 0)).toEqual({
      ok: false,
      error: { code: "too-many-decimals", message: "Enter a whole number, without decimals." },
    });
  });
});
