/** One recorded POO price: when it was quoted, by which source, and whether it is made-up sample data. */
export type PricePoint = { at: Date; usd: number; source: string; sample: boolean };

/** The POO price over time, one point per fetch from the market-data service (plus sample data locally). */
export interface PriceHistoryStore {
  /** Keeps the point; a second point with the same source and time is ignored (several instances). */
  record(point: PricePoint): Promise<void>;
  /** Keeps many points in one transaction (sample seeding). */
  recordMany(points: readonly PricePoint[]): Promise<void>;
  /** Points with from <= at <= to, oldest first. */
  range(from: Date, to: Date): Promise<PricePoint[]>;
  /** The oldest point's time, or undefined when there is none. */
  firstPointAt(): Promise<Date | undefined>;
}
