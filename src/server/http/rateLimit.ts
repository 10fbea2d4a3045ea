import type { Context, MiddlewareHandler } from "hono";
import type { RateLimiter, RateLimitPolicy } from "../ports/RateLimiter";
import type { ApiEnv } from "./ApiEnv";
import { jsonError } from "./jsonError";

/** 429 with Retry-After once `limiter` says no for the request's key under `policy`. */
export function rateLimit(
  limiter: RateLimiter,
  policy: RateLimitPolicy,
  keyOf: (c: Context<ApiEnv>) => string,
  now: () => number,
): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const decision = await limiter.hit(policy, keyOf(c), now());
    if (!decision.allowed) {
      return jsonError(c, 429, `Too many requests; retry in ${decision.retryAfterSeconds} s.`, {
        "Retry-After": String(decision.retryAfterSeconds),
      });
    }
    return next();
  };
}
