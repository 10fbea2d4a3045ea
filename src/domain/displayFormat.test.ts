import { describe, expect, it } from "vitest";
import {
  formatCompact,
  formatFee,
  formatPercent,
  formatTokenAmount,
  formatTokenExact,
  formatUsd,
  formatUtcDateTime,
  shortenAddress,
  truncateName,
} from "./displayFormat";
import { parseTokenQuantity } from "./parseTokenQuantity";

const E18 = 10n ** 18n;
const E14 = 10n ** 14n;

describe("formatTokenAmount (rewards and CRAP, 4 decimals, truncated)", () => {
  it.each<[bigint, string]>([
    [0n, "0"],
    [E18, "1.0000"],
    [123456n * E14, "12.3456"],
    [123456789n * E14 - 1n, "12,345.6788"],
    [12_345_678n * E18, "12,345,678.0000"],
    [99999n * E14 + (E14 - 1n), "9.9999"],
    [E14, "0.0001"],
    [E14 - 1n, "<0.0001"],
    [1n, "<0.0001"],
    [-15n * 10n ** 17n, "-1.5000"],
  ])("%s -> %s", (value, expected) => {
    expect(formatTokenAmount(value)).toBe(expected);
  });

  it("honours decimals and fraction digits", () => {
    expect(formatTokenAmount(1_234_567n, 6, 2)).toBe("1.23");
    expect(formatTokenAmount(1_999_999n, 6, 0)).toBe("1");
    expect(formatTokenAmount(5n, 1)).toBe("0.5");
  });
});

describe("formatTokenExact (no rounding, round-trips through the parser)", () => {
  it.each<[bigint, string]>([
    [0n, "0"],
    [E18, "1"],
    [15n * 10n ** 17n, "1.5"],
    [1n, "0.000000000000000001"],
    [1234n * E18 + 5n, "1234.000000000000000005"],
  ])("%s -> %s", (value, expected) => {
    expect(formatTokenExact(value)).toBe(expected);
    if (value > 0n) expect(parseTokenQuantity(expected)).toEqual({ ok: true, value });
  });
});

describe("formatUsd", () => {
  it.each<[number | null, string | null]>([
    [1234.56, "$1,234.56"],
    [1234.567, "$1,234.56"],
    [1, "$1.00"],
    [0, "$0.00"],
    [0.5, "$0.50"],
    [0.1, "$0.10"],
    [0.0999, "$0.099"],
    [0.0123, "$0.012"],
    [0.00012, "$0.00012"],
    [0.000123456, "$0.00012"],
    [1e-12, "$0.0000000000010"],
    [1_000_000, "$1,000,000.00"],
    [-2.5, "-$2.50"],
    [0.29, "$0.29"],
    [2.675, "$2.67"],
    [9.995, "$9.99"],
    [0.1 + 0.2, "$0.30"],
    [-0.001, "-$0.0010"],
    [-0, "$0.00"],
    [1e21, "$1,000,000,000,000,000,000,000.00"],
    [null, null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
  ])("%s -> %s", (value, expected) => {
    expect(formatUsd(value)).toBe(expected);
  });
});

describe("formatUsd against Intl.NumberFormat", () => {
  it("gives Intl's truncated en-US currency text for 2,000 seeded random values of every magnitude", () => {
    let seed = 20261123;
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 2000; i += 1) {
      const value = (random() < 0.1 ? -1 : 1) * random() * 10 ** Math.floor(random() * 24 - 12);
      const magnitude = Math.abs(value);
      const digits =
        magnitude === 0 || magnitude >= 1
          ? 2
          : Math.min(20, Math.max(2, 1 - Math.floor(Math.log10(magnitude))));
      const intl = new Intl.NumberFormat("en-US", {
        style: "currency",
        currency: "USD",
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
        roundingMode: "trunc",
        signDisplay: "negative",
      }).format(value);
      expect(formatUsd(value), String(value)).toBe(intl);
    }
  });
});

describe("formatCompact (k, m, b, t)", () => {
  it.each<[bigint | number, string]>([
    [0, "0"],
    [0n, "0"],
    [12.5, "12.5"],
    [999.99999, "999.9999"],
    [0.29, "0.29"],
    [0.00001, "<0.0001"],
    [1000, "1k"],
    [1234, "1.23k"],
    [1239, "1.23k"],
    [999_999, "999.99k"],
    [4_500_000, "4.5m"],
    [2_000_000_000, "2b"],
    [1e12, "1t"],
    [1.5e15, "1,500t"],
    [-1234, "-1.23k"],
    [Number.NaN, "\u2014"],
    [1234n * E18, "1.23k"],
    [45n * 10n ** 23n, "4.5m"],
    [125n * 10n ** 17n, "12.5"],
    [1n, "<0.0001"],
  ])("%s -> %s", (value, expected) => {
    expect(formatCompact(value)).toBe(expected);
  });

  it("reads bigints with the given decimals", () => {
    expect(formatCompact(1_234_000_000n, 6)).toBe("1.23k");
  });
});

describe("formatPercent (hundredths of a percent)", () => {
  it.each<[bigint, string]>([
    [0n, "0%"],
    [1n, "0.01%"],
    [50n, "0.5%"],
    [3150n, "31.5%"],
    [99_999n, "999.99%"],
    [100_000n, "1k%"],
    [100_099n, "1k%"],
    [123_456n, "1.23k%"],
    // Asset Stats' "53.36k.4%": 864 CRAP a day over 591 POO staked is 53,360.40%.
    [5_336_040n, "53.36k%"],
    [3_153_600n, "31.53k%"],
    [99_999_999n, "999.99k%"],
    [123_456_789n, "1.23m%"],
    [10n ** 14n, "1t%"],
  ])("%s -> %s", (hundredths, expected) => {
    expect(formatPercent(hundredths)).toBe(expected);
  });

  it("never puts decimals after a compact suffix, at any magnitude", () => {
    for (let hundredths = 1n; hundredths < 10n ** 18n; hundredths = hundredths * 7n + 3n) {
      expect(formatPercent(hundredths), String(hundredths)).toMatch(/^[\d,]+(\.\d{1,2})?[kmbt]?%$/);
    }
  });
});

describe("formatFee (three significant digits, rounded up)", () => {
  it.each<[bigint, string]>([
    [0n, "0"],
    [1n, "0.000000000000000001"],
    // 243,334 gas at 1.2 gwei
    [292_000_800_000_000n, "0.000293"],
    [292_000_000_000_000n, "0.000292"],
    [15_299_999_999_999_999n, "0.0153"],
    [999_100_000_000_000_000n, "1"],
    [1_210_000_000_000_000_000n, "1.21"],
    [123_456n * 10n ** 18n, "124000"],
  ])("%s wei -> %s", (wei, expected) => {
    expect(formatFee(wei)).toBe(expected);
  });

  it("never shows less than the fee", () => {
    for (let wei = 7n; wei < 10n ** 22n; wei = wei * 13n + 5n) {
      const shown = formatFee(wei);
      const [whole = "0", fraction = ""] = shown.split(".");
      const back = BigInt(whole) * 10n ** 18n + BigInt(fraction.padEnd(18, "0") || "0");
      expect(back >= wei, `${wei} -> ${shown}`).toBe(true);
    }
  });
});

describe("shortenAddress", () => {
  it.each<[string, string]>([
    ["0x1234567890abcdef1234567890abcdef1234abcd", "0x1234\u2026abcd"],
    ["0xAbCdEf0000000000000000000000000000009876", "0xAbCd\u20269876"],
    ["0x12345678", "0x12345678"],
  ])("%s -> %s", (address, expected) => {
    expect(shortenAddress(address)).toBe(expected);
  });
});

describe("truncateName", () => {
  it.each<[string, string]>([
    ["vitalik.eth", "vitalik.eth"],
    ["exactly-twenty-four-.eth", "exactly-twenty-four-.eth"],
    ["a-very-long-name-service-name.eth", "a-very-long-name-servic\u2026"],
    ["💩".repeat(30), `${"💩".repeat(23)}\u2026`],
  ])("%s -> %s", (name, expected) => {
    const result = truncateName(name);
    expect(result).toBe(expected);
    expect(Array.from(result).length).toBeLessThanOrEqual(24);
  });

  it("takes another limit", () => {
    expect(truncateName("abcdef", 4)).toBe("abc\u2026");
  });
});

describe("formatUtcDateTime", () => {
  it("is locale-free and says UTC", () => {
    expect(formatUtcDateTime(new Date("2025-01-31T13:45:07.900Z"))).toBe("2025-01-31 13:45:07 UTC");
  });
});
