import { downsamplePrices } from "../model/downsamplePrices";
import { PRICE_PERIODS, type PricePeriod } from "../model/pricePeriod";
import type { PriceHistoryStore } from "../ports/PriceHistoryStore";

/** The chart's answer for one period. */
export type PriceHistory = {
  period: PricePeriod;
  from: Date;
  to: Date;
  points: Array<{ t: Date; usd: number }>;
  /** True when any point of the answer is made-up sample data (the local stack seeds some). */
  sample: boolean;
  /** The last sample point's time: points up to it are sample data; null when there is none. */
  sampleUntil: Date | null;
  /** The oldest point the server has at all (the chart can say how far back history goes). */
  firstPointAt: Date | null;
  /** The points' source ("coinmarketcap", "dev", "sample"), "mixed" when several, null for none. */
  source: string | null;
};

export const MAX_HISTORY_POINTS = 180;
export const HISTORY_TTL_MS = 60_000;

/**
 * The POO price over the last 1, 2 or 3 months, at most MAX_HISTORY_POINTS points, computed once a
 * minute per period for all clients (concurrent misses share one database read).
 */
export class GetPriceHistory {
  private readonly cache = new Map<PricePeriod, { atMs: number; value: Promise<PriceHistory> }>();

  constructor(private readonly deps: { store: PriceHistoryStore; now: () => number; ttlMs?: number }) {}

  execute(period: PricePeriod): Promise<PriceHistory> {
    const now = this.deps.now();
    const cached = this.cache.get(period);
    if (cached && now - cached.atMs < (this.deps.ttlMs ?? HISTORY_TTL_MS)) return cached.value;
    const value = this.load(period, now);
    this.cache.set(period, { atMs: now, value });
    value.catch(() => this.cache.delete(period)); // a failed read is not kept
    return value;
  }

  private async load(period: PricePeriod, nowMs: number): Promise<PriceHistory> {
    const fromMs = nowMs - PRICE_PERIODS[period];
    const [raw, firstPointAt] = await Promise.all([
      this.deps.store.range(new Date(fromMs), new Date(nowMs)),
      this.deps.store.firstPointAt(),
    ]);
    const points = downsamplePrices(raw, fromMs, nowMs, MAX_HISTORY_POINTS);
    const sources = new Set(points.map((point) => point.source));
    const samples = points.filter((point) => point.sample);
    return {
      period,
      from: new Date(fromMs),
      to: new Date(nowMs),
      points: points.map((point) => ({ t: point.at, usd: point.usd })),
      sample: samples.length > 0,
      sampleUntil: samples.at(-1)?.at ?? null,
      firstPointAt: firstPointAt ?? null,
      source: sources.size === 0 ? null : sources.size === 1 ? [...sources][0]! : "mixed",
    };
  }
}
