import type { Pool } from "pg";
import { getAddress, type Address } from "viem";
import type { Session } from "../model/Session";
import type { SessionStore } from "../ports/SessionStore";
import { SweepSchedule } from "./SweepSchedule";

/** Server-side sessions in PostgreSQL: a sign-out on one instance ends the session on all. */
export class PostgresSessionStore implements SessionStore {
  private readonly sweeps = new SweepSchedule();

  constructor(private readonly pool: Pool) {}

  async save(session: Session, createdAtMs: number): Promise<void> {
    await this.sweep(createdAtMs);
    await this.pool.query(
      `INSERT INTO auth_sessions (id, address, chain_id, created_at_ms, expires_at_ms, idle_expires_at_ms)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        session.id,
        session.address,
        session.chainId,
        createdAtMs,
        session.expiresAtMs,
        session.idleExpiresAtMs,
      ],
    );
  }

  async find(id: string, nowMs: number): Promise<Session | undefined> {
    const { rows } = await this.pool.query<{
      address: string;
      chain_id: string;
      expires_at_ms: string;
      idle_expires_at_ms: string;
    }>(
      `SELECT address, chain_id, expires_at_ms, idle_expires_at_ms FROM auth_sessions
       WHERE id = $1 AND expires_at_ms > $2 AND idle_expires_at_ms > $2`,
      [id, nowMs],
    );
    const row = rows[0];
    if (!row) return undefined;
    return {
      id,
      address: getAddress(row.address),
      chainId: Number(row.chain_id),
      expiresAtMs: Number(row.expires_at_ms),
      idleExpiresAtMs: Number(row.idle_expires_at_ms),
    };
  }

  async touch(id: string, idleExpiresAtMs: number): Promise<void> {
    await this.pool.query(
      "UPDATE auth_sessions SET idle_expires_at_ms = GREATEST(idle_expires_at_ms, $1) WHERE id = $2",
      [idleExpiresAtMs, id],
    );
  }

  async revoke(id: string): Promise<void> {
    await this.pool.query("DELETE FROM auth_sessions WHERE id = $1", [id]);
  }

  async revokeAllOf(address: Address, nowMs: number): Promise<number> {
    const { rows } = await this.pool.query<{ open: boolean }>(
      `DELETE FROM auth_sessions WHERE address = $1
       RETURNING (expires_at_ms > $2 AND idle_expires_at_ms > $2) AS open`,
      [getAddress(address), nowMs],
    );
    return rows.filter((row) => row.open).length;
  }

  private async sweep(nowMs: number): Promise<void> {
    if (!this.sweeps.due(nowMs)) return;
    await this.pool.query("DELETE FROM auth_sessions WHERE expires_at_ms <= $1 OR idle_expires_at_ms <= $1", [
      nowMs,
    ]);
  }
}
