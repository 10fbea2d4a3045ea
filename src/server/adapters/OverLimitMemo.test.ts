import { describe, expect, it } from "vitest";
import type { RateLimiter } from "../ports/RateLimiter";
import { MemoryRateLimiter } from "./MemoryRateLimiter";
import { OverLimitMemo } from "./OverLimitMemo";

const POLICY = { name: "verify-ip", limit: 2, windowMs: 60_000 };

describe("OverLimitMemo", () => {
  it("asks the shared limiter until it refuses, then answers from memory until the window ends", async () => {
    let calls = 0;
    const inner = new MemoryRateLimiter();
    const shared: RateLimiter = { hit: (...args) => ((calls += 1), inner.hit(...args)) };
    const memo = new OverLimitMemo(shared);
    expect(await memo.hit(POLICY, "a", 0)).toEqual({ allowed: true });
    expect(await memo.hit(POLICY, "a", 0)).toEqual({ allowed: true });
    expect(await memo.hit(POLICY, "a", 1_000)).toEqual({
      allowed: false,
      retryAfterSeconds: 59,
      retryAtMs: 60_000,
    });
    expect(await memo.hit(POLICY, "a", 59_500)).toEqual({
      allowed: false,
      retryAfterSeconds: 1,
      retryAtMs: 60_000,
    });
    expect(calls).toBe(3);
    expect(await memo.hit(POLICY, "a", 60_000)).toEqual({ allowed: true });
    expect(calls).toBe(4);
  });

  it("remembers at most maxKeys refused clients; a forgotten one is asked about again, and still refused", async () => {
    let calls = 0;
    const shared: RateLimiter = {
      hit: async () => ((calls += 1), { allowed: false, retryAfterSeconds: 60, retryAtMs: 60_000 }),
    };
    const memo = new OverLimitMemo(shared, 100);
    for (let i = 0; i < 1_000; i += 1) await memo.hit(POLICY, `client-${i}`, 0);
    expect((memo as unknown as { refusedUntil: Map<string, number> }).refusedUntil.size).toBe(100);
    calls = 0;
    expect((await memo.hit(POLICY, "client-999", 1)).allowed).toBe(false);
    expect(calls).toBe(0);
    expect((await memo.hit(POLICY, "client-0", 1)).allowed).toBe(false);
    expect(calls).toBe(1);
  });
});

describe("MemoryRateLimiter", () => {
  it("counts fixed windows per policy and key, within a bounded number of keys", async () => {
    const limiter = new MemoryRateLimiter(1_000);
    expect((await limiter.hit(POLICY, "a", 0)).allowed).toBe(true);
    expect((await limiter.hit(POLICY, "a", 10)).allowed).toBe(true);
    expect(await limiter.hit(POLICY, "a", 20)).toEqual({
      allowed: false,
      retryAfterSeconds: 60,
      retryAtMs: 60_000,
    });
    expect((await limiter.hit({ ...POLICY, name: "other" }, "a", 20)).allowed).toBe(true);
    expect((await limiter.hit(POLICY, "a", 60_000)).allowed).toBe(true);
    for (let i = 0; i < 10_000; i += 1) await limiter.hit(POLICY, `k${i}`, 60_000);
    expect((limiter as unknown as { windows: Map<string, unknown> }).windows.size).toBeLessThanOrEqual(1_000);
  });
});
