import { describe, expect, it } from "vitest";
import { NAV_ENTRIES, nextPath } from "./navigation";

describe("nextPath", () => {
  it("moves from Stake to Launch", () => expect(nextPath("/")).toBe("/launch"));
  it("goes home when the next entry (Chat) is disabled", () => expect(nextPath("/launch")).toBe("/"));
  it("goes home from an unknown path", () => expect(nextPath("/nowhere")).toBe("/"));
  it("goes home from the last entry", () => expect(nextPath("/borrow")).toBe("/"));
  it("only Stake and Launch are enabled", () =>
    expect(NAV_ENTRIES.filter((e) => e.enabled).map((e) => e.label)).toEqual(["Stake", "Launch"]));
});
