import type { PricePoint } from "../ports/PriceHistoryStore";

/**
 * At most `maxPoints` points over [fromMs, toMs]: the span is cut into `maxPoints` equal buckets and
 * each bucket keeps its last point (the price at the bucket's close), so a chart sees the same shape
 * whether there were 100 or 100,000 fetches. Points must be sorted by time.
 */
export function downsamplePrices(
  points: readonly PricePoint[],
  fromMs: number,
  toMs: number,
  maxPoints: number,
): PricePoint[] {
  if (points.length <= maxPoints) return [...points];
  const bucketMs = (toMs - fromMs) / maxPoints;
  const kept = new Map<number, PricePoint>();
  for (const point of points) {
    const bucket = Math.min(maxPoints - 1, Math.floor((point.at.getTime() - fromMs) / bucketMs));
    kept.set(bucket, point); // sorted input: the last one wins
  }
  return [...kept.values()];
}
