import { describe, expect, it } from "vitest";
import { formatAmount, groupThousands } from "./shownArgs";

describe("amounts", () => {
  it("groups thousands and keeps every decimal", () => {
    expect(groupThousands("1234567.000001")).toBe("1,234,567.000001");
    expect(groupThousands("150")).toBe("150");
    expect(groupThousands("-1000")).toBe("-1,000");
  });

  it("formats base units with the token's decimals and symbol", () => {
    expect(formatAmount(150n * 10n ** 18n, { symbol: "POO", decimals: 18 })).toBe("150 POO");
    expect(formatAmount(1n, { symbol: "CRAP", decimals: 18 })).toBe("0.000000000000000001 CRAP");
    expect(formatAmount(999_850n * 10n ** 18n, { symbol: "POO", decimals: 18 })).toBe("999,850 POO");
  });
});
