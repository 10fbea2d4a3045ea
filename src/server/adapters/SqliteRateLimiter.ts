import type { DatabaseSync } from "node:sqlite";
import type { RateLimitDecision, RateLimiter, RateLimitPolicy } from "../ports/RateLimiter";
import { rateLimitDecision } from "./rateLimitDecision";
import { sqliteRows } from "./sqliteRows";
import { SweepSchedule } from "./SweepSchedule";

/**
 * Fixed windows in SQLite, one row per (policy, key), started by the first hit. One upsert per hit:
 * a window that has ended restarts in the same statement.
 */
export class SqliteRateLimiter implements RateLimiter {
  private readonly sweeps = new SweepSchedule();

  constructor(private readonly db: DatabaseSync) {}

  async hit(policy: RateLimitPolicy, key: string, nowMs: number): Promise<RateLimitDecision> {
    this.sweep(nowMs);
    const row = this.db
      .prepare(
        `INSERT INTO rate_limit_windows (key, window_start_ms, expires_at_ms, hits) VALUES (?1, ?2, ?2 + ?3, 1)
         ON CONFLICT (key) DO UPDATE SET
           hits = CASE WHEN expires_at_ms <= excluded.window_start_ms THEN 1 ELSE hits + 1 END,
           window_start_ms = CASE WHEN expires_at_ms <= excluded.window_start_ms
             THEN excluded.window_start_ms ELSE window_start_ms END,
           expires_at_ms = CASE WHEN expires_at_ms <= excluded.window_start_ms
             THEN excluded.expires_at_ms ELSE expires_at_ms END
         RETURNING hits, expires_at_ms`,
      )
      .get(`${policy.name}:${key}`, nowMs, policy.windowMs);
    if (!row) throw new Error("Rate-limit upsert returned no row.");
    return rateLimitDecision(
      sqliteRows.integer(row, "hits"),
      policy.limit,
      sqliteRows.integer(row, "expires_at_ms"),
      nowMs,
    );
  }

  private sweep(nowMs: number): void {
    if (!this.sweeps.due(nowMs)) return;
    this.db.prepare("DELETE FROM rate_limit_windows WHERE expires_at_ms <= ?").run(nowMs);
  }
}
