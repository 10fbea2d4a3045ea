import { describe, expect, it } from "vitest";
import { formatCountdown, salePhase } from "./saleCountdown";

const s = 1000;
describe("formatCountdown", () => {
  it.each([
    [0, "0s"],
    [45 * s, "45s"],
    [(20 * 60 + 15) * s, "20m 15s"],
    [(2 * 86_400 + 20 * 60 + 15) * s, "2d 20m 15s"],
    [(3_600 + 1) * s, "1h 1s"],
    [(86_400 + 3_600 + 60) * s, "1d 1h 1m 0s"],
    [-5 * s, "0s"],
    [1999, "1s"],
  ])("%i ms -> %s", (ms, text) => expect(formatCountdown(ms)).toBe(text));
});

describe("salePhase", () => {
  const start = new Date("2026-01-01T00:00:00Z");
  const end = new Date("2026-01-02T00:00:00Z");
  it("before the start counts down", () =>
    expect(salePhase(new Date("2025-12-31T23:40:00Z"), start, end)).toEqual({
      phase: "before",
      remainingMs: 20 * 60 * s,
    }));
  it("running from the start instant", () =>
    expect(salePhase(start, start, end)).toEqual({
      phase: "running",
      elapsedMs: 0,
      remainingMs: 86_400 * s,
    }));
  it("ended at the end instant", () =>
    expect(salePhase(end, start, end)).toEqual({ phase: "ended", endedAgoMs: 0 }));
});
