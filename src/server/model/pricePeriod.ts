import type { PriceHistoryPeriod } from "../../domain/priceHistory";

const DAY_MS = 24 * 60 * 60_000;

/** The chart's periods (the app's PRICE_HISTORY_PERIODS), counted as 30-day months. */
export const PRICE_PERIODS = {
  "1M": 30 * DAY_MS,
  "2M": 60 * DAY_MS,
  "3M": 90 * DAY_MS,
} as const satisfies Record<PriceHistoryPeriod, number>;

export type PricePeriod = PriceHistoryPeriod;
