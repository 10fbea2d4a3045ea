import type { RateLimiter, RateLimitPolicy } from "../ports/RateLimiter";

/** The limiter, telling `onRefused` of every request it refuses (the rate-limit refusal counter). */
export function countRefusals(
  limiter: RateLimiter,
  onRefused: (policy: RateLimitPolicy) => void,
): RateLimiter {
  return {
    hit: async (policy, key, nowMs) => {
      const decision = await limiter.hit(policy, key, nowMs);
      if (!decision.allowed) onRefused(policy);
      return decision;
    },
  };
}
