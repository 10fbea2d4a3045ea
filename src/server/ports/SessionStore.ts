import type { Session } from "../model/Session";

/**
 * Server-side sessions, shared by every API instance: signing out or expiry ends a session
 * everywhere. `id` is a digest of the cookie's token, never the token itself.
 */
export interface SessionStore {
  save(session: Session, createdAtMs: number): Promise<void>;
  /** The session if it exists and has not expired at `nowMs`. */
  find(id: string, nowMs: number): Promise<Session | undefined>;
  /** Ends the session; unknown ids are ignored. */
  revoke(id: string): Promise<void>;
}
