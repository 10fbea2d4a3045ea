import type { RateLimitDecision, RateLimiter, RateLimitPolicy } from "../ports/RateLimiter";

/**
 * A shared (database) rate limiter that remembers, in this instance, who is over a limit until their
 * window ends: further requests from them are refused (429) without a database round trip or write,
 * so a flood from one client costs the database one write per instance per window, not one per
 * request. Remembers at most maxKeys refusals (expired ones first, then the oldest, are forgotten:
 * a forgotten client is asked about in the database again, which still refuses it).
 */
export class OverLimitMemo implements RateLimiter {
  private readonly refusedUntil = new Map<string, number>();

  constructor(
    private readonly inner: RateLimiter,
    private readonly maxKeys = 10_000,
  ) {}

  async hit(policy: RateLimitPolicy, key: string, nowMs: number): Promise<RateLimitDecision> {
    const memoKey = `${policy.name}:${key}`;
    const until = this.refusedUntil.get(memoKey);
    if (until !== undefined && nowMs < until) {
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil((until - nowMs) / 1000)),
        retryAtMs: until,
      };
    }
    if (until !== undefined) this.refusedUntil.delete(memoKey);
    const decision = await this.inner.hit(policy, key, nowMs);
    if (!decision.allowed) {
      this.remember(memoKey, decision.retryAtMs ?? nowMs + decision.retryAfterSeconds * 1000, nowMs);
    }
    return decision;
  }

  private remember(memoKey: string, until: number, nowMs: number): void {
    const { maxKeys } = this;
    if (this.refusedUntil.size >= maxKeys) {
      for (const [key, expires] of this.refusedUntil) if (expires <= nowMs) this.refusedUntil.delete(key);
    }
    while (this.refusedUntil.size >= maxKeys) {
      const oldest = this.refusedUntil.keys().next().value;
      if (oldest === undefined) break;
      this.refusedUntil.delete(oldest);
    }
    this.refusedUntil.set(memoKey, until);
  }
}
