import { describe, expect, it } from "vitest";
import { ReadCache } from "./ReadCache";

describe("ReadCache", () => {
  it("serves answers of the current epoch only; a newer epoch drops the older ones, a late answer of an old epoch is not kept", () => {
    const cache = new ReadCache(100, 10_000);
    cache.set(1, "a", "0x1");
    expect(cache.get(1, "a")).toEqual({ value: "0x1" });
    expect(cache.get(2, "a")).toBeUndefined();
    cache.set(2, "b", null);
    expect(cache.get(2, "b")).toEqual({ value: null });
    expect(cache.size).toBe(1);
    cache.set(1, "c", "0x3");
    expect(cache.get(1, "c")).toBeUndefined();
    expect(cache.size).toBe(1);
  });

  it("drops the oldest answers beyond its entries or bytes, and never keeps one larger than it all", () => {
    const byCount = new ReadCache(2, 10_000);
    for (const key of ["a", "b", "c"]) byCount.set(1, key, key);
    expect([byCount.get(1, "a"), byCount.get(1, "b"), byCount.get(1, "c")]).toEqual([
      undefined,
      { value: "b" },
      { value: "c" },
    ]);
    const byBytes = new ReadCache(100, 30); // each entry below weighs 18 (key and JSON)
    byBytes.set(1, "a", "x".repeat(15));
    byBytes.set(1, "b", "y".repeat(15));
    expect(byBytes.get(1, "a")).toBeUndefined();
    expect(byBytes.get(1, "b")).toBeDefined();
    byBytes.set(1, "huge", "z".repeat(100));
    expect(byBytes.get(1, "huge")).toBeUndefined();
    expect(byBytes.get(1, "b")).toBeDefined();
  });
});
