import type { Pool } from "pg";
import type { RateLimitDecision, RateLimiter, RateLimitPolicy } from "../ports/RateLimiter";
import { rateLimitDecision } from "./rateLimitDecision";
import { SweepSchedule } from "./SweepSchedule";

/**
 * Fixed windows in PostgreSQL, shared by every instance: one atomic upsert per hit (the row lock
 * serialises concurrent hits on the same key), and a window that has ended restarts in place.
 */
export class PostgresRateLimiter implements RateLimiter {
  private readonly sweeps = new SweepSchedule();

  constructor(private readonly pool: Pool) {}

  async hit(policy: RateLimitPolicy, key: string, nowMs: number): Promise<RateLimitDecision> {
    await this.sweep(nowMs);
    const { rows } = await this.pool.query<{ hits: number; expires_at_ms: string }>(
      `INSERT INTO rate_limit_windows AS w (key, window_start_ms, expires_at_ms, hits)
       VALUES ($1, $2, $2::bigint + $3::bigint, 1)
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN w.expires_at_ms <= excluded.window_start_ms THEN 1 ELSE w.hits + 1 END,
         window_start_ms = CASE WHEN w.expires_at_ms <= excluded.window_start_ms
           THEN excluded.window_start_ms ELSE w.window_start_ms END,
         expires_at_ms = CASE WHEN w.expires_at_ms <= excluded.window_start_ms
           THEN excluded.expires_at_ms ELSE w.expires_at_ms END
       RETURNING hits, expires_at_ms`,
      [`${policy.name}:${key}`, nowMs, policy.windowMs],
    );
    const row = rows[0];
    if (!row) throw new Error("Rate-limit upsert returned no row.");
    return rateLimitDecision(row.hits, policy.limit, Number(row.expires_at_ms), nowMs);
  }

  private async sweep(nowMs: number): Promise<void> {
    if (!this.sweeps.due(nowMs)) return;
    await this.pool.query("DELETE FROM rate_limit_windows WHERE expires_at_ms <= $1", [nowMs]);
  }
}
