import { describe, expect, it } from "vitest";
import { LogThrottle } from "./LogThrottle";

describe("LogThrottle", () => {
  it("writes one line per key per interval and says how many it held back", () => {
    const clock = { now: 0 };
    const throttle = new LogThrottle({
      intervalMs: 60_000,
      maxKeys: 10,
      maxLinesPerInterval: 10,
      now: () => clock.now,
    });
    expect(throttle.take("a")).toEqual({ write: true, heldBack: 0 });
    expect(throttle.take("a")).toEqual({ write: false });
    expect(throttle.take("b")).toEqual({ write: true, heldBack: 0 });
    clock.now = 59_999;
    expect(throttle.take("a")).toEqual({ write: false });
    clock.now = 60_000;
    expect(throttle.take("a")).toEqual({ write: true, heldBack: 2 });
  });

  it("stays bounded under a flood of keys: at most maxLinesPerInterval lines, maxKeys remembered", () => {
    const clock = { now: 0 };
    const throttle = new LogThrottle({
      intervalMs: 60_000,
      maxKeys: 100,
      maxLinesPerInterval: 20,
      now: () => clock.now,
    });
    let written = 0;
    for (let i = 0; i < 100_000; i += 1)
      if (throttle.take(`10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`).write) written += 1;
    expect(written).toBe(20);
    // Memory holds the newest maxKeys keys only: the oldest is forgotten first (and written again).
    const wide = new LogThrottle({
      intervalMs: 60_000,
      maxKeys: 100,
      maxLinesPerInterval: 1_000,
      now: () => 0,
    });
    for (let i = 0; i < 150; i += 1) wide.take(`k${i}`);
    expect((wide as unknown as { lastLine: Map<string, unknown> }).lastLine.size).toBe(100);
    expect(wide.take("k149")).toEqual({ write: false });
    expect(wide.take("k0")).toEqual({ write: true, heldBack: 0 });
  });
});
