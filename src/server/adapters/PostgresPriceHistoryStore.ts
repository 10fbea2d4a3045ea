import type { Pool } from "pg";
import type { PriceHistoryStore, PricePoint } from "../ports/PriceHistoryStore";

/** The POO price history in PostgreSQL, shared by every instance. */
export class PostgresPriceHistoryStore implements PriceHistoryStore {
  constructor(private readonly pool: Pool) {}

  async record(point: PricePoint): Promise<void> {
    await this.recordMany([point]);
  }

  async recordMany(points: readonly PricePoint[]): Promise<void> {
    if (points.length === 0) return;
    // One statement for the whole batch (sample seeding writes a few thousand points).
    await this.pool.query(
      `INSERT INTO price_points (source, at, usd, sample)
       SELECT * FROM unnest($1::text[], $2::timestamptz[], $3::float8[], $4::boolean[])
       ON CONFLICT DO NOTHING`,
      [
        points.map((point) => point.source),
        points.map((point) => point.at),
        points.map((point) => point.usd),
        points.map((point) => point.sample),
      ],
    );
  }

  async range(from: Date, to: Date): Promise<PricePoint[]> {
    const { rows } = await this.pool.query<{ source: string; at: Date; usd: number; sample: boolean }>(
      "SELECT source, at, usd, sample FROM price_points WHERE at >= $1 AND at <= $2 ORDER BY at, source",
      [from, to],
    );
    return rows.map((row) => ({ at: row.at, usd: row.usd, source: row.source, sample: row.sample }));
  }

  async firstPointAt(): Promise<Date | undefined> {
    const { rows } = await this.pool.query<{ first: Date | null }>(
      "SELECT MIN(at) AS first FROM price_points",
    );
    return rows[0]?.first ?? undefined;
  }
}
