/** State of a sign-in nonce at a given moment. */
export type NonceState = "valid" | "unknown" | "used" | "expired";

/** Keeps server-issued sign-in nonces so each is accepted at most once, before it expires. */
export interface NonceStore {
  save(nonce: string, expiresAtMs: number, nowMs: number): Promise<void>;
  /** Reports the state without changing it. */
  inspect(nonce: string, nowMs: number): Promise<NonceState>;
  /** Marks the nonce used if it is valid; returns the state it had before (only one caller ever sees "valid"). */
  consume(nonce: string, nowMs: number): Promise<NonceState>;
}
