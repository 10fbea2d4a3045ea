import type { PricePoint } from "../../../domain/priceHistory";

// Pure arithmetic behind the price chart: which points to draw, the change over the period and the
// axis ticks. Kept apart from the SVG so it can be tested without a browser.

/** The price moved from `fromUsd` to `toUsd`: `percent` is the change, null when it cannot be computed. */
export interface PriceChange {
  readonly fromUsd: number;
  readonly toUsd: number;
  readonly percent: number;
}

/** The change from the first to the last point in percent; undefined with fewer than 2 usable points. */
export function priceChange(points: readonly PricePoint[]): PriceChange | undefined {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last || points.length < 2) return undefined;
  if (!(first.usd > 0) || !Number.isFinite(last.usd)) return undefined;
  return { fromUsd: first.usd, toUsd: last.usd, percent: ((last.usd - first.usd) / first.usd) * 100 };
}

/** "+12.34%", "-0.50%", "0.00%": always two decimals, a sign when not zero. */
export function formatPercentChange(percent: number): string {
  const rounded = Math.round(percent * 100) / 100;
  if (rounded === 0) return "0.00%";
  return `${rounded > 0 ? "+" : "-"}${Math.abs(rounded).toFixed(2)}%`;
}

/**
 * At most `buckets` points over [fromMs, toMs]: the span is cut into equal buckets and each keeps its
 * last point (the close). The chart uses one bucket per day, so 1M draws about 30 points and 3M about
 * 90 whatever the API's resolution. Points outside the span are left out; input must be sorted.
 */
export function closePerBucket(
  points: readonly PricePoint[],
  fromMs: number,
  toMs: number,
  buckets: number,
): PricePoint[] {
  if (!(toMs > fromMs) || buckets < 1) return [];
  const width = (toMs - fromMs) / buckets;
  const kept = new Map<number, PricePoint>();
  for (const point of points) {
    const at = point.t.getTime();
    if (at < fromMs || at > toMs) continue;
    kept.set(Math.min(buckets - 1, Math.floor((at - fromMs) / width)), point);
  }
  return [...kept.entries()].sort(([a], [b]) => a - b).map(([, point]) => point);
}

/**
 * About `count` round values covering [min, max] (1, 2 or 5 times a power of ten apart), lowest
 * first, for the price axis. A flat series gets ticks around its one value.
 */
export function niceTicks(min: number, max: number, count: number): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max) || count < 2) return [];
  if (max < min) [min, max] = [max, min];
  if (max === min) {
    const pad = min === 0 ? 1 : Math.abs(min) * 0.1;
    min -= pad;
    max += pad;
  }
  const rough = (max - min) / (count - 1);
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= rough) ?? 10 * magnitude;
  const ticks: number[] = [];
  // Rounding each tick to the step's precision keeps 0.1 + 0.2 from showing as 0.30000000000000004.
  const digits = Math.max(0, -Math.floor(Math.log10(step)) + 1);
  for (let v = Math.floor(min / step) * step; v <= max + step / 2; v += step) {
    ticks.push(Number(v.toFixed(Math.min(20, digits))));
  }
  return ticks;
}

/** `count` evenly spaced times from `fromMs` to `toMs`, both ends included. */
export function timeTicks(fromMs: number, toMs: number, count: number): number[] {
  if (count < 2 || !(toMs > fromMs)) return [];
  return Array.from({ length: count }, (_, i) => fromMs + ((toMs - fromMs) * i) / (count - 1));
}

/** The index of the point nearest to time `atMs` (points sorted by time); -1 when there is none. */
export function nearestIndex(points: readonly PricePoint[], atMs: number): number {
  let best = -1;
  let bestDistance = Infinity;
  points.forEach((point, index) => {
    const distance = Math.abs(point.t.getTime() - atMs);
    if (distance < bestDistance) {
      best = index;
      bestDistance = distance;
    }
  });
  return best;
}
