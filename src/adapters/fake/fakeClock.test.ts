import { describe, expect, it } from "vitest";
import { FakeClock } from "./fakeClock";

describe("FakeClock", () => {
  it("moves only when told and hands out copies", () => {
    const clock = new FakeClock(new Date("2025-01-01T00:00:00Z"));
    const now = clock.now();
    now.setFullYear(1999);
    expect(clock.now().toISOString()).toBe("2025-01-01T00:00:00.000Z");
    expect(clock.advance(1500).now().toISOString()).toBe("2025-01-01T00:00:01.500Z");
  });
});
