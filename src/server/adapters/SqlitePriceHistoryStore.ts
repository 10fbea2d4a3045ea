import type { DatabaseSync } from "node:sqlite";
import type { PriceHistoryStore, PricePoint } from "../ports/PriceHistoryStore";
import { sqliteRows } from "./sqliteRows";
import { inImmediateTransaction } from "./sqliteTransaction";

/** The POO price history in SQLite. */
export class SqlitePriceHistoryStore implements PriceHistoryStore {
  constructor(private readonly db: DatabaseSync) {}

  async record(point: PricePoint): Promise<void> {
    await this.recordMany([point]);
  }

  async recordMany(points: readonly PricePoint[]): Promise<void> {
    const insert = this.db.prepare(
      "INSERT INTO price_points (source, at_ms, usd, sample) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
    );
    inImmediateTransaction(this.db, () => {
      for (const point of points)
        insert.run(point.source, point.at.getTime(), point.usd, point.sample ? 1 : 0);
    });
  }

  async range(from: Date, to: Date): Promise<PricePoint[]> {
    return this.db
      .prepare("SELECT * FROM price_points WHERE at_ms >= ? AND at_ms <= ? ORDER BY at_ms, source")
      .all(from.getTime(), to.getTime())
      .map((row) => ({
        at: new Date(sqliteRows.integer(row, "at_ms")),
        usd: Number(row.usd),
        source: sqliteRows.text(row, "source"),
        sample: sqliteRows.integer(row, "sample") === 1,
      }));
  }

  async firstPointAt(): Promise<Date | undefined> {
    const row = this.db.prepare("SELECT MIN(at_ms) AS first FROM price_points").get();
    const first = row && sqliteRows.optionalInteger(row, "first");
    return first === undefined ? undefined : new Date(first);
  }
}
