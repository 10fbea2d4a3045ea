import type { Pool } from "pg";
import type { EligibilityPriceStore, WindowPrice } from "../ports/EligibilityPriceStore";

type Row = { launch_id: string; window_start: Date; usd: number; quoted_at: Date; source: string };

const toWindowPrice = (row: Row): WindowPrice => ({
  launchId: row.launch_id,
  windowStart: row.window_start,
  usd: row.usd,
  quotedAt: row.quoted_at,
  source: row.source,
});

/** Window prices in PostgreSQL: instances deciding in the same window all use the first one's price. */
export class PostgresEligibilityPriceStore implements EligibilityPriceStore {
  constructor(private readonly pool: Pool) {}

  async find(launchId: string, windowStart: Date): Promise<WindowPrice | undefined> {
    const { rows } = await this.pool.query<Row>(
      "SELECT * FROM eligibility_prices WHERE launch_id = $1 AND window_start = $2",
      [launchId, windowStart],
    );
    return rows[0] && toWindowPrice(rows[0]);
  }

  async fix(price: WindowPrice, fixedAt: Date): Promise<WindowPrice> {
    // The first writer of the window wins. The read is a statement of its own: under READ COMMITTED a
    // statement's snapshot would miss the row of a concurrent writer that won the conflict.
    await this.pool.query(
      `INSERT INTO eligibility_prices (launch_id, window_start, usd, quoted_at, source, fixed_at)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
      [price.launchId, price.windowStart, price.usd, price.quotedAt, price.source, fixedAt],
    );
    const fixed = await this.find(price.launchId, price.windowStart);
    if (!fixed) throw new Error("The window's price vanished after it was fixed.");
    return fixed;
  }
}
