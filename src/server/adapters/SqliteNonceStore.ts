import type { DatabaseSync } from "node:sqlite";
import type { NonceState, NonceStore } from "../ports/NonceStore";
import { NONCE_GRACE_MS, nonceStateOf } from "./nonceStateOf";
import { sqliteRows } from "./sqliteRows";
import { SweepSchedule } from "./SweepSchedule";

/** Sign-in nonces in SQLite; the conditional UPDATE lets exactly one consumer win, across processes too. */
export class SqliteNonceStore implements NonceStore {
  private readonly sweeps = new SweepSchedule();

  constructor(private readonly db: DatabaseSync) {}

  async save(nonce: string, expiresAtMs: number, nowMs: number, binding: string): Promise<void> {
    this.sweep(nowMs);
    this.db
      .prepare("INSERT INTO auth_nonces (nonce, expires_at_ms, binding_hash) VALUES (?, ?, ?)")
      .run(nonce, expiresAtMs, binding);
  }

  async inspect(nonce: string, nowMs: number, binding: string): Promise<NonceState> {
    const row = this.db
      .prepare("SELECT expires_at_ms, used_at_ms, binding_hash FROM auth_nonces WHERE nonce = ?")
      .get(nonce);
    return nonceStateOf(
      row && {
        expiresAtMs: sqliteRows.integer(row, "expires_at_ms"),
        usedAtMs: sqliteRows.optionalInteger(row, "used_at_ms"),
        binding: sqliteRows.optionalText(row, "binding_hash"),
      },
      nowMs,
      binding,
    );
  }

  async consume(nonce: string, nowMs: number, binding: string): Promise<NonceState> {
    const won = this.db
      .prepare(
        "UPDATE auth_nonces SET used_at_ms = ? WHERE nonce = ? AND binding_hash = ? AND used_at_ms IS NULL AND expires_at_ms > ? RETURNING nonce",
      )
      .get(nowMs, nonce, binding, nowMs);
    return won ? "valid" : this.inspect(nonce, nowMs, binding);
  }

  private sweep(nowMs: number): void {
    if (!this.sweeps.due(nowMs)) return;
    this.db.prepare("DELETE FROM auth_nonces WHERE expires_at_ms <= ?").run(nowMs - NONCE_GRACE_MS);
  }
}
