import type { DatabaseSync } from "node:sqlite";
import { getAddress, type Address } from "viem";
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
        `INSERT INTO auth_sessions (id, address, chain_id, created_at_ms, expires_at_ms, idle_expires_at_ms)
         VALUES (?, ?, ?, ?, ?, ?)`,
      )
      .run(
        session.id,
        session.address,
        session.chainId,
        createdAtMs,
        session.expiresAtMs,
        session.idleExpiresAtMs,
      );
  }

  async find(id: string, nowMs: number): Promise<Session | undefined> {
    const row = this.db
      .prepare(
        `SELECT address, chain_id, expires_at_ms, idle_expires_at_ms FROM auth_sessions
         WHERE id = ? AND expires_at_ms > ? AND idle_expires_at_ms > ?`,
      )
      .get(id, nowMs, nowMs);
    if (!row) return undefined;
    return {
      id,
      address: getAddress(sqliteRows.text(row, "address")),
      chainId: sqliteRows.integer(row, "chain_id"),
      expiresAtMs: sqliteRows.integer(row, "expires_at_ms"),
      idleExpiresAtMs: sqliteRows.integer(row, "idle_expires_at_ms"),
    };
  }

  async touch(id: string, idleExpiresAtMs: number): Promise<void> {
    this.db
      .prepare("UPDATE auth_sessions SET idle_expires_at_ms = MAX(idle_expires_at_ms, ?) WHERE id = ?")
      .run(idleExpiresAtMs, id);
  }

  async revoke(id: string): Promise<void> {
    this.db.prepare("DELETE FROM auth_sessions WHERE id = ?").run(id);
  }

  async revokeAllOf(address: Address, nowMs: number): Promise<number> {
    const rows = this.db
      .prepare("DELETE FROM auth_sessions WHERE address = ? RETURNING expires_at_ms, idle_expires_at_ms")
      .all(getAddress(address));
    return rows.filter(
      (row) =>
        sqliteRows.integer(row, "expires_at_ms") > nowMs &&
        sqliteRows.integer(row, "idle_expires_at_ms") > nowMs,
    ).length;
  }

  private sweep(nowMs: number): void {
    if (!this.sweeps.due(nowMs)) return;
    this.db
      .prepare("DELETE FROM auth_sessions WHERE expires_at_ms <= ? OR idle_expires_at_ms <= ?")
      .run(nowMs, nowMs);
  }
}
