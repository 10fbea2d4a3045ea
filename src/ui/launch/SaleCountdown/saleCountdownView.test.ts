import { describe, expect, it } from "vitest";
import { saleCountdownView } from "./saleCountdownView";

const startsAt = "2026-01-01T00:20:15.000Z";
const endsAt = "2026-01-08T00:20:15.000Z";
const at = (iso: string): number => Date.parse(iso);

describe("saleCountdownView", () => {
  it.each([
    ["2026-01-01T00:00:00.000Z", { label: "Sale Starts In", value: "20m 15s" }],
    ["2025-12-30T00:00:00.000Z", { label: "Sale Starts In", value: "2d 20m 15s" }],
    ["2026-01-01T00:20:14.001Z", { label: "Sale Starts In", value: "0s" }],
    ["2026-01-01T00:20:15.000Z", { label: "Sale started", value: "0s ago" }],
    ["2026-01-01T01:23:20.000Z", { label: "Sale started", value: "1h 3m 5s ago" }],
    ["2026-01-08T00:20:15.000Z", { label: "Sale ended" }],
  ])("at %s", (now, view) => expect(saleCountdownView(at(now), startsAt, endsAt)).toEqual(view));
});
