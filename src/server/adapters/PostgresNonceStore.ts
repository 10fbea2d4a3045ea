import type { Pool } from "pg";
import type { NonceState, NonceStore } from "../ports/NonceStore";
import { NONCE_GRACE_MS, nonceStateOf } from "./nonceStateOf";
import { SweepSchedule } from "./SweepSchedule";

/**
 * Sign-in nonces in PostgreSQL, shared by every instance. consume() is one conditional UPDATE, so
 * of two instances verifying the same nonce exactly one gets "valid".
 */
export class PostgresNonceStore implements NonceStore {
  private readonly sweeps = new SweepSchedule();

  constructor(private readonly pool: Pool) {}

  async save(nonce: string, expiresAtMs: number, nowMs: number, binding: string): Promise<void> {
    await this.sweep(nowMs);
    await this.pool.query(
      "INSERT INTO auth_nonces (nonce, expires_at_ms, binding_hash) VALUES ($1, $2, $3)",
      [nonce, expiresAtMs, binding],
    );
  }

  async inspect(nonce: string, nowMs: number, binding: string): Promise<NonceState> {
    const { rows } = await this.pool.query<{
      expires_at_ms: string;
      used_at_ms: string | null;
      binding_hash: string | null;
    }>("SELECT expires_at_ms, used_at_ms, binding_hash FROM auth_nonces WHERE nonce = $1", [nonce]);
    const row = rows[0];
    return nonceStateOf(
      row && {
        expiresAtMs: Number(row.expires_at_ms),
        usedAtMs: row.used_at_ms === null ? undefined : Number(row.used_at_ms),
        binding: row.binding_hash ?? undefined,
      },
      nowMs,
      binding,
    );
  }

  async consume(nonce: string, nowMs: number, binding: string): Promise<NonceState> {
    const { rowCount } = await this.pool.query(
      "UPDATE auth_nonces SET used_at_ms = $1 WHERE nonce = $2 AND binding_hash = $3 AND used_at_ms IS NULL AND expires_at_ms > $1",
      [nowMs, nonce, binding],
    );
    return rowCount === 1 ? "valid" : this.inspect(nonce, nowMs, binding);
  }

  private async sweep(nowMs: number): Promise<void> {
    if (!this.sweeps.due(nowMs)) return;
    await this.pool.query("DELETE FROM auth_nonces WHERE expires_at_ms <= $1", [nowMs - NONCE_GRACE_MS]);
  }
}
