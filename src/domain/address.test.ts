import { describe, expect, it } from "vitest";
import { addressSchema, isAddress, sameAddress, toAddress } from "./address";

const LOWER = "0xabcdef0123456789abcdef0123456789abcdef01";
const MIXED = "0xABCDEF0123456789abcdef0123456789ABCDEF01";

describe("Address", () => {
  it("accepts 0x and 40 hex digits in any case", () => {
    expect(isAddress(LOWER)).toBe(true);
    expect(toAddress(MIXED)).toBe(MIXED);
    expect(addressSchema.parse(LOWER)).toBe(LOWER);
  });

  it.each(["", "0x", LOWER.slice(0, -1), `${LOWER}0`, LOWER.slice(2), `0x${"g".repeat(40)}`])(
    "rejects %j",
    (text) => {
      expect(isAddress(text)).toBe(false);
      expect(() => toAddress(text)).toThrow(TypeError);
      expect(addressSchema.safeParse(text).success).toBe(false);
    },
  );

  it("compares without regard to checksum casing", () => {
    expect(sameAddress(toAddress(LOWER), toAddress(MIXED))).toBe(true);
    expect(sameAddress(toAddress(LOWER), toAddress(`0x${"0".repeat(40)}`))).toBe(false);
  });
});
