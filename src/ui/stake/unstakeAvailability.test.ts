import { describe, expect, it } from "vitest";
import {
  formatTimeUntil,
  unstakeAvailability,
  stakeLockNotice,
  unstakeLockedText,
} from "./unstakeAvailability";

const DAY = 86_400n;
const stakedTime = 1_795_000_000n;
const position = { stakedAmount: 1n, stakedTime, minStakeDuration: DAY };

describe("unstakeAvailability", () => {
  it("is nothing-staked without a stake", () => {
    expect(unstakeAvailability({ ...position, stakedAmount: 0n }, stakedTime + 2n * DAY)).toEqual({
      kind: "nothing-staked",
    });
  });

  it("is locked until stakedTime + MIN_STAKE_DURATION, with the unlock moment", () => {
    expect(unstakeAvailability(position, stakedTime + DAY - 1n)).toEqual({
      kind: "locked",
      unlocksAt: new Date(Number(stakedTime + DAY) * 1000),
    });
  });

  it("is available from the unlock second on", () => {
    expect(unstakeAvailability(position, stakedTime + DAY)).toEqual({ kind: "available" });
  });
});

describe("formatTimeUntil", () => {
  it.each([
    [30_000, "in less than a minute"],
    [60_000, "in 1 min"],
    [61_000, "in 2 min"],
    [(23 * 60 + 12) * 60_000, "in 23 h 12 min"],
    [(23 * 60 + 11) * 60_000 + 1, "in 23 h 12 min"],
    [3 * 3_600_000, "in 3 h"],
    [(26 * 60 + 5) * 60_000, "in 1 d 2 h"],
    [2 * 86_400_000, "in 2 d"],
  ])("%d ms -> %s", (ms, text) => {
    expect(formatTimeUntil(ms)).toBe(text);
  });
});

describe("unstakeLockedText", () => {
  it("says when, in the user's locale, and how long until then", () => {
    const unlocksAt = new Date("2026-11-23T14:05:00Z");
    const now = new Date("2026-11-22T14:53:00Z");
    expect(unstakeLockedText(unlocksAt, now, "en-GB", "UTC")).toBe(
      "Unstaking possible from 23 Nov 2026, 14:05 (in 23 h 12 min)",
    );
  });

  it("rounds the time shown up to the minute, never showing a moment before the unlock", () => {
    const unlocksAt = new Date("2026-11-23T14:05:20Z");
    const now = new Date("2026-11-23T14:04:00Z");
    expect(unstakeLockedText(unlocksAt, now, "en-GB", "UTC")).toBe(
      "Unstaking possible from 23 Nov 2026, 14:06 (in 2 min)",
    );
  });

  it("follows the locale", () => {
    const text = unstakeLockedText(
      new Date("2026-11-23T14:05:00Z"),
      new Date("2026-11-23T14:00:00Z"),
      "en-US",
      "UTC",
    );
    expect(text).toBe("Unstaking possible from Nov 23, 2026, 02:05 PM (in 5 min)");
  });
});

describe("stakeLockNotice", () => {
  const now = new Date("2026-11-24T10:00:30Z");

  it("adding to a stake says the lock restarts for the whole stake, and until when", () => {
    expect(stakeLockNotice({ stakedAmount: 150n, minStakeDuration: 86_400n }, now, "en-GB", "UTC")).toBe(
      "Adding to your stake restarts its lock for all your staked POO. Unstaking possible from 25 Nov 2026, 10:01 (in 1 d).",
    );
  });

  it("a first stake says until when it is locked", () => {
    expect(stakeLockNotice({ stakedAmount: 0n, minStakeDuration: 3_600n }, now, "en-GB", "UTC")).toBe(
      "Staking locks your POO. Unstaking possible from 24 Nov 2026, 11:01 (in 1 h).",
    );
  });

  it("says nothing when the pool has no lock", () => {
    expect(stakeLockNotice({ stakedAmount: 150n, minStakeDuration: 0n }, now)).toBeUndefined();
  });
});
