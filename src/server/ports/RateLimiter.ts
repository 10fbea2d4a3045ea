/** One limit: at most `limit` hits per key in each window of `windowMs`, counted under `name`. */
export type RateLimitPolicy = { name: string; limit: number; windowMs: number };

/** Refused: retry in retryAfterSeconds (rounded up), at retryAtMs exactly when the limiter knows it. */
export type RateLimitDecision =
  { allowed: true } | { allowed: false; retryAfterSeconds: number; retryAtMs?: number };

/**
 * Counts hits per (policy, key) and says whether one more is allowed now. Backed by the database, so
 * every API instance sees the same counts.
 */
export interface RateLimiter {
  hit(policy: RateLimitPolicy, key: string, nowMs: number): Promise<RateLimitDecision>;
}
