import type { DatabaseSync } from "node:sqlite";
import { getAddress } from "viem";
import type { Session } from "../model/Session";
import type { SessionStore } from "../ports/SessionStore";
import { sqliteRows } from "./sqliteRows";
import { SweepSchedule } from "./SweepSchedule";

/** Server-side sessions in SQLite. */
export class SqliteSessionStore implements SessionStore {
  private readonly sweeps = new SweepSchedule();

  constructor(private readonly db: DatabaseSync) {}

  async save(session: Session, createdAtMs: number): Promise<void> {
    this.sweep(createdAtMs);
    this.db
      .prepare(
        "INSERT INTO auth_sessions (id, address, chain_id, created_at_ms, expires_at_ms) VALUES (?, ?, ?, ?, ?)",
      )
      .run(session.id, session.address, session.chainId, createdAtMs, session.expiresAtMs);
  }

  async find(id: string, nowMs: number): Promise<Session | undefined> {
    const row = this.db
      .prepare(
        "SELECT address, chain_id, expires_at_ms FROM auth_sessions WHERE id = ? AND expires_at_ms > ?",
      )
      .get(id, nowMs);
    if (!row) return undefined;
    return {
      id,
      address: getAddress(sqliteRows.text(row, "address")),
      chainId: sqliteRows.integer(row, "chain_id"),
      expiresAtMs: sqliteRows.integer(row, "expires_at_ms"),
    };
  }

  async revoke(id: string): Promise<void> {
    this.db.prepare("DELETE FROM auth_sessions WHERE id = ?").run(id);
  }

  private sweep(nowMs: number): void {
    if (!this.sweeps.due(nowMs)) return;
    this.db.prepare("DELETE FROM auth_sessions WHERE expires_at_ms <= ?").run(nowMs);
  }
}
