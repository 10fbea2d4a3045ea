import type { PooPriceLookup } from "../../application/use-cases/lookupPooPrice";
import { formatUsd } from "../../domain/displayFormat";
import { tokenValueUsd } from "../../domain/tokenValueUsd";

export type PriceView =
  | { readonly status: "loading" }
  | { readonly status: "unavailable" }
  | { readonly status: "available"; readonly usd: number; readonly stale: boolean; readonly updatedAt: Date };

export const PRICE_UNAVAILABLE_TEXT = "Price unavailable";
export const PRICE_LOADING_TEXT = "Loading price…";

/**
 * The price query's state as the stake page shows it. A query that failed outright counts as
 * unavailable. `updatedAt` is rebuilt as a Date because the persisted cache stores it as text.
 */
export function toPriceView(lookup: PooPriceLookup | undefined, failed: boolean): PriceView {
  if (!lookup) return failed ? { status: "unavailable" } : { status: "loading" };
  if (lookup.status === "unavailable" || !Number.isFinite(lookup.usd)) return { status: "unavailable" };
  return {
    status: "available",
    usd: lookup.usd,
    stale: lookup.stale,
    updatedAt: new Date(lookup.updatedAt),
  };
}

/** The POO price itself: "$0.0012", or a word for why there is none. Never "$NaN", never a silent $0. */
export function priceText(price: PriceView): string {
  if (price.status === "loading") return PRICE_LOADING_TEXT;
  if (price.status === "unavailable") return PRICE_UNAVAILABLE_TEXT;
  return formatUsd(price.usd) ?? PRICE_UNAVAILABLE_TEXT;
}

/** The dollar value of `amount` POO base units at the current price ("quantity times the price"). */
export function usdValueText(amount: bigint, price: PriceView): string {
  if (price.status !== "available") return priceText(price);
  return formatUsd(tokenValueUsd(amount, price.usd)) ?? PRICE_UNAVAILABLE_TEXT;
}
