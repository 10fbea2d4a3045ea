/** State of a sign-in nonce at a given moment, for the browser that presents it. */
export type NonceState = "valid" | "unknown" | "foreign" | "used" | "expired";

/**
 * Keeps server-issued sign-in nonces so each is accepted at most once, before it expires, and only
 * from the browser it was issued to: each nonce is saved with `binding`, a digest of the token in
 * the cookie set with it, and a nonce presented with another binding is "foreign".
 */
export interface NonceStore {
  save(nonce: string, expiresAtMs: number, nowMs: number, binding: string): Promise<void>;
  /** Reports the state without changing it. */
  inspect(nonce: string, nowMs: number, binding: string): Promise<NonceState>;
  /** Marks the nonce used if it is valid; returns the state it had before (only one caller ever sees "valid"). */
  consume(nonce: string, nowMs: number, binding: string): Promise<NonceState>;
}
