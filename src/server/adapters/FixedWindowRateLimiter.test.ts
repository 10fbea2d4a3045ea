import { describe, expect, it } from "vitest";
import { FixedWindowRateLimiter } from "./FixedWindowRateLimiter";

describe("FixedWindowRateLimiter", () => {
  it("allows `limit` hits per window and says when to retry", () => {
    const limiter = new FixedWindowRateLimiter(2, 60_000);
    expect(limiter.hit("a", 1_000)).toEqual({ allowed: true });
    expect(limiter.hit("a", 2_000)).toEqual({ allowed: true });
    expect(limiter.hit("a", 31_000)).toEqual({ allowed: false, retryAfterSeconds: 30 });
    expect(limiter.hit("b", 31_000)).toEqual({ allowed: true });
    expect(limiter.hit("a", 61_000)).toEqual({ allowed: true });
  });

  it("forgets finished windows", () => {
    const limiter = new FixedWindowRateLimiter(1, 1_000);
    limiter.hit("a", 0);
    limiter.hit("b", 0);
    limiter.hit("c", 5_000);
    expect(limiter.trackedKeys).toBe(1);
  });
});
