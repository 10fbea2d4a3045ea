import { describe, expect, it } from "vitest";
import { parseDecimalAmount } from "./parseDecimalAmount";

describe("parseDecimalAmount", () => {
  it.each([
    ["0.01", 10_000_000_000_000_000n],
    ["2", 2_000_000_000_000_000_000n],
    ["2.0", 2_000_000_000_000_000_000n],
    ["0.000000000000000001", 1n],
    ["-1", -1_000_000_000_000_000_000n],
    ["007.5", 7_500_000_000_000_000_000n],
  ])("parses %s exactly", (text, expected) => {
    expect(parseDecimalAmount(text, 18)).toBe(expected);
  });

  it.each(["abc", "", "1e18", "0x10", "1.", ".5", " 1", "1,5", "0.0000000000000000001", "+1", "Infinity"])(
    "rejects %j",
    (text) => {
      expect(parseDecimalAmount(text, 18)).toBeUndefined();
    },
  );
});
