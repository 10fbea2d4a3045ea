import type { RateLimitDecision } from "../ports/RateLimiter";

/** The decision for a window that has counted `hits` (this one included) and ends at `expiresAtMs`. */
export function rateLimitDecision(
  hits: number,
  limit: number,
  expiresAtMs: number,
  nowMs: number,
): RateLimitDecision {
  if (hits <= limit) return { allowed: true };
  return {
    allowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil((expiresAtMs - nowMs) / 1000)),
    retryAtMs: expiresAtMs,
  };
}
