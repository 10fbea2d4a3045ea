export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Counts hits per key and says whether one more is allowed now. */
export interface RateLimiter {
  hit(key: string, nowMs: number): RateLimitDecision;
}
