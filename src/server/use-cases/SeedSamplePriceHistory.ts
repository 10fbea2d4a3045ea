import { PRICE_PERIODS } from "../model/pricePeriod";
import type { PriceHistoryStore, PricePoint } from "../ports/PriceHistoryStore";

export const SAMPLE_SOURCE = "sample";
const HOUR_MS = 60 * 60_000;

/** A small deterministic PRNG (mulberry32), so every fresh local stack shows the same sample chart. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Seeds three months of hourly sample prices into an empty history, so a fresh local stack's chart is
 * not empty: a random walk (about 1.5 % per hour) that ends at `endUsd` one hour ago, each point
 * marked sample with source "sample". Does nothing when the history has any point. Returns the
 * number of points written.
 */
export class SeedSamplePriceHistory {
  constructor(private readonly deps: { store: PriceHistoryStore; now: () => number; endUsd: number }) {}

  async execute(): Promise<number> {
    if ((await this.deps.store.firstPointAt()) !== undefined) return 0;
    const end = Math.floor(this.deps.now() / HOUR_MS) * HOUR_MS - HOUR_MS;
    const count = PRICE_PERIODS["3M"] / HOUR_MS;
    const next = random(0x900d);
    const walk: number[] = [0];
    for (let i = 1; i < count; i += 1) walk.push((walk[i - 1] ?? 0) + (next() - 0.5) * 0.05);
    const last = walk.at(-1) ?? 0;
    const points: PricePoint[] = walk.map((step, i) => ({
      at: new Date(end - (count - 1 - i) * HOUR_MS),
      usd: Number((this.deps.endUsd * Math.exp(step - last)).toPrecision(6)),
      source: SAMPLE_SOURCE,
      sample: true,
    }));
    await this.deps.store.recordMany(points);
    return points.length;
  }
}
