import type { DatabaseSync } from "node:sqlite";
import type { EligibilityPriceStore, WindowPrice } from "../ports/EligibilityPriceStore";
import { sqliteRows, type SqliteRow } from "./sqliteRows";

/** Window prices in SQLite. */
export class SqliteEligibilityPriceStore implements EligibilityPriceStore {
  constructor(private readonly db: DatabaseSync) {}

  async find(launchId: string, windowStart: Date): Promise<WindowPrice | undefined> {
    const row = this.db
      .prepare("SELECT * FROM eligibility_prices WHERE launch_id = ? AND window_start_ms = ?")
      .get(launchId, windowStart.getTime());
    return row ? toWindowPrice(row) : undefined;
  }

  async fix(price: WindowPrice, fixedAt: Date): Promise<WindowPrice> {
    // The first writer of the window wins; the others read its price back.
    this.db
      .prepare(
        `INSERT INTO eligibility_prices (launch_id, window_start_ms, usd, quoted_at_ms, source, fixed_at_ms)
         VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
      )
      .run(
        price.launchId,
        price.windowStart.getTime(),
        price.usd,
        price.quotedAt.getTime(),
        price.source,
        fixedAt.getTime(),
      );
    const fixed = await this.find(price.launchId, price.windowStart);
    if (!fixed) throw new Error("The window's price vanished after it was fixed.");
    return fixed;
  }
}

function toWindowPrice(row: SqliteRow): WindowPrice {
  return {
    launchId: sqliteRows.text(row, "launch_id"),
    windowStart: new Date(sqliteRows.integer(row, "window_start_ms")),
    usd: Number(row.usd),
    quotedAt: new Date(sqliteRows.integer(row, "quoted_at_ms")),
    source: sqliteRows.text(row, "source"),
  };
}
