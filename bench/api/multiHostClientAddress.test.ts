import { describe, expect, it } from "vitest";
import { multiHostClientAddress } from "./multiHostClientAddress";

describe("multiHostClientAddress", () => {
  it("gives each client of each group its own address in 10.77.128.0/17", () => {
    const groups = [10, 20, 30, 40, 50, 60, 66, 77, 99];
    const seen = new Set<string>();
    for (const group of groups) {
      for (let n = 0; n < 2000; n += 1) seen.add(multiHostClientAddress(group, n));
    }
    expect(seen.size).toBe(groups.length * 2000);
    for (const address of seen) {
      const [a, b, c, d] = address.split(".").map(Number);
      expect([a, b]).toEqual([10, 77]);
      expect(c).toBeGreaterThanOrEqual(128);
      expect(c).toBeLessThanOrEqual(255);
      expect(d).toBeGreaterThanOrEqual(1);
      expect(d).toBeLessThanOrEqual(250);
    }
  });

  it("refuses a group it has no addresses for", () => {
    expect(() => multiHostClientAddress(11, 0)).toThrow("group 11");
  });
});
