/** The chart's periods: the last one, two or three months (30-day months, as the API counts them). */
export const PRICE_HISTORY_PERIODS = ["1M", "2M", "3M"] as const;
export type PriceHistoryPeriod = (typeof PRICE_HISTORY_PERIODS)[number];

export interface PricePoint {
  readonly t: Date;
  readonly usd: number;
}

/** The POO price over one period, as the app's API records it. */
export interface PriceHistory {
  readonly period: PriceHistoryPeriod;
  readonly from: Date;
  readonly to: Date;
  /** Sorted by time, every price finite and positive. */
  readonly points: readonly PricePoint[];
  /** Some points are made-up sample data (the local stack seeds them); the chart says so. */
  readonly sample: boolean;
  /** Points up to this time are sample data; null when none is. */
  readonly sampleUntil: Date | null;
  /** The oldest point the API has at all; null when it has none yet. */
  readonly firstPointAt: Date | null;
}
