import type { RateLimitDecision, RateLimiter, RateLimitPolicy } from "../ports/RateLimiter";
import { rateLimitDecision } from "./rateLimitDecision";
import { SweepSchedule } from "./SweepSchedule";

type Window = { expiresAtMs: number; hits: number };

/**
 * Fixed windows in this instance's memory: for cheap read routes, whose limits guard against a flood
 * rather than count anything that must hold across instances, and must not cost a database write
 * per request (the shared limiter's price). At most maxKeys windows: ended ones are swept first, then
 * the oldest are dropped.
 */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, Window>();
  private readonly sweeps = new SweepSchedule();

  constructor(private readonly maxKeys = 50_000) {}

  async hit(policy: RateLimitPolicy, key: string, nowMs: number): Promise<RateLimitDecision> {
    const name = `${policy.name}:${key}`;
    let window = this.windows.get(name);
    if (window === undefined || window.expiresAtMs <= nowMs) {
      this.makeRoom(nowMs);
      window = { expiresAtMs: nowMs + policy.windowMs, hits: 0 };
      this.windows.delete(name);
      this.windows.set(name, window);
    }
    window.hits += 1;
    return rateLimitDecision(window.hits, policy.limit, window.expiresAtMs, nowMs);
  }

  private makeRoom(nowMs: number): void {
    if (this.sweeps.due(nowMs) || this.windows.size >= this.maxKeys) {
      for (const [name, window] of this.windows) if (window.expiresAtMs <= nowMs) this.windows.delete(name);
    }
    while (this.windows.size >= this.maxKeys) {
      const oldest = this.windows.keys().next().value;
      if (oldest === undefined) break;
      this.windows.delete(oldest);
    }
  }
}
