import { describe, expect, it } from "vitest";
import { PriceUnavailableError } from "../../domain/errors/priceUnavailableError";
import { priceText, toPriceView, usdValueText } from "./priceView";

const E18 = 10n ** 18n;
const updatedAt = new Date("2026-11-22T10:00:00Z");

describe("priceView", () => {
  it("is loading until the lookup answers, unavailable if the query failed", () => {
    expect(toPriceView(undefined, false)).toEqual({ status: "loading" });
    expect(toPriceView(undefined, true)).toEqual({ status: "unavailable" });
  });

  it("keeps the lookup's unavailable answer", () => {
    const lookup = { status: "unavailable", reason: "x", error: new PriceUnavailableError() } as const;
    expect(priceText(toPriceView(lookup, false))).toBe("Price unavailable");
    expect(usdValueText(5n * E18, toPriceView(lookup, false))).toBe("Price unavailable");
  });

  it("rebuilds updatedAt restored from the persisted cache as text", () => {
    const restored = { status: "available", usd: 2, stale: true, updatedAt: updatedAt.toISOString() };
    const view = toPriceView(restored as unknown as Parameters<typeof toPriceView>[0], false);
    expect(view).toEqual({ status: "available", usd: 2, stale: true, updatedAt });
  });

  it("values an amount at the price", () => {
    const view = toPriceView({ status: "available", usd: 0.25, stale: false, updatedAt }, false);
    expect(priceText(view)).toBe("$0.25");
    expect(usdValueText(10n * E18, view)).toBe("$2.50");
    expect(usdValueText(0n, view)).toBe("$0.00");
  });

  it("never shows $NaN", () => {
    const view = toPriceView({ status: "available", usd: Number.NaN, stale: false, updatedAt }, false);
    expect(priceText(view)).toBe("Price unavailable");
  });
});
