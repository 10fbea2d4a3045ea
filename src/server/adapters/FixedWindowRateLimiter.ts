import type { RateLimitDecision, RateLimiter } from "../ports/RateLimiter";

type Window = { startedAtMs: number; hits: number };

/** At most `limit` hits per key in each fixed window of `windowMs`, kept in process memory. */
export class FixedWindowRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, Window>();
  private lastSweepMs = 0;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  hit(key: string, nowMs: number): RateLimitDecision {
    this.sweep(nowMs);
    let window = this.windows.get(key);
    if (!window || nowMs - window.startedAtMs >= this.windowMs) {
      window = { startedAtMs: nowMs, hits: 0 };
      this.windows.set(key, window);
    }
    window.hits += 1;
    if (window.hits <= this.limit) return { allowed: true };
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil((window.startedAtMs + this.windowMs - nowMs) / 1000)),
    };
  }

  get trackedKeys(): number {
    return this.windows.size;
  }

  private sweep(nowMs: number): void {
    if (nowMs - this.lastSweepMs < this.windowMs) return;
    this.lastSweepMs = nowMs;
    for (const [key, window] of this.windows) {
      if (nowMs - window.startedAtMs >= this.windowMs) this.windows.delete(key);
    }
  }
}
