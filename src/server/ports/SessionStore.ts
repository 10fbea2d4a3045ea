import type { Address } from "viem";
import type { Session } from "../model/Session";

/**
 * Server-side sessions, shared by every API instance: signing out or expiry ends a session
 * everywhere. `id` is a digest of the cookie's token, never the token itself.
 */
export interface SessionStore {
  save(session: Session, createdAtMs: number): Promise<void>;
  /** The session if it exists and neither its absolute nor its idle end has passed at `nowMs`. */
  find(id: string, nowMs: number): Promise<Session | undefined>;
  /** Moves the session's idle end to `idleExpiresAtMs` (never back: two instances may touch at once). */
  touch(id: string, idleExpiresAtMs: number): Promise<void>;
  /** Ends the session; unknown ids are ignored. */
  revoke(id: string): Promise<void>;
  /** Ends every session of the wallet (on every chain); returns how many were still open at `nowMs`. */
  revokeAllOf(address: Address, nowMs: number): Promise<number>;
}
