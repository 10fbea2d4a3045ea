import { describe, expect, it } from "vitest";
import { fromTaggedJson, toTaggedJson } from "./taggedJson";

describe("tagged JSON for the persisted cache", () => {
  it("reads back bigints exactly and Dates as Dates, nested anywhere", () => {
    const value = {
      snapshot: { pooBalance: 123456789012345678901234567890n, zero: 0n, negative: -5n },
      price: { usd: 0.0042, updatedAt: new Date("2026-11-23T20:00:00.000Z") },
      list: [1n, "two", null, { at: new Date(0) }],
    };
    const back = fromTaggedJson<typeof value>(toTaggedJson(value));
    expect(back).toEqual(value);
    expect(typeof back.snapshot.pooBalance).toBe("bigint");
    expect(back.price.updatedAt).toBeInstanceOf(Date);
  });

  it("leaves ordinary objects alone, including ones with other keys beside a tag-like key", () => {
    const value = { $bigint: "1", other: true, nested: { $date: 5, x: 1 } };
    expect(fromTaggedJson(toTaggedJson(value))).toEqual(value);
  });
});
