import { describe, expect, it } from "vitest";
import type { AccountSnapshot } from "../../../application/ports/accountSnapshotSource";
import { UserRejectedError } from "../../../domain/errors/userRejectedError";
import { ZERO_FIGURES } from "../MyStakePanel/MyStakePanel";
import { clockNeeded, stakeView, type SnapshotReading } from "./stakeView";

const E18 = 10n ** 18n;
const T = 1_800_000_000n;
const T_MS = Number(T) * 1000;
const snapshot: AccountSnapshot = {
  pooBalance: 900n * E18,
  crapBalance: 3n * E18,
  rewards: 1n * E18,
  stakedAmount: 100n * E18,
  allowance: 0n,
  stakedTime: T - 10n,
  minStake: 100n * E18,
  minStakeDuration: 86_400n,
  paused: false,
  blockNumber: 42n,
  rewardRate: 2n * E18,
  totalStaked: 200n * E18,
  blockTimestamp: T,
  poolStaked: 200n * E18,
  rewardsAvailable: 1_000_000n * E18,
};
const reading: SnapshotReading = {
  account: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  snapshot,
  fromPreviousVisit: false,
  error: null,
};

describe("stakeView", () => {
  it("shows the snapshot with rewards counting up (1 CRAP/s here) and the stake locked", () => {
    const view = stakeView(reading, T_MS + 3_000);
    expect(view.state).toEqual({ kind: "loaded" });
    expect(view.figures).toEqual({
      rewards: 4n * E18,
      crapBalance: 3n * E18,
      stakedAmount: 100n * E18,
      pooBalance: 900n * E18,
    });
    expect(view.unstake).toEqual({ kind: "locked", unlocksAt: new Date(Number(T - 10n + 86_400n) * 1000) });
  });

  it("shows zeros, never another account's figures, while a new account's snapshot loads", () => {
    const view = stakeView({ ...reading, snapshot: undefined }, T_MS);
    expect(view.figures).toEqual(ZERO_FIGURES);
    expect(view.state).toEqual({ kind: "loading" });
    expect(view.unstake).toEqual({ kind: "nothing-staked" });
  });

  it("shows zeros when disconnected, whatever the query holds", () => {
    const view = stakeView({ ...reading, account: undefined }, T_MS);
    expect(view.figures).toEqual(ZERO_FIGURES);
    expect(view.state).toEqual({ kind: "disconnected" });
  });

  it("does not count restored figures up and marks them refreshing", () => {
    const view = stakeView({ ...reading, fromPreviousVisit: true }, T_MS + 3_600_000);
    expect(view.figures.rewards).toBe(1n * E18);
    expect(view.state).toEqual({ kind: "refreshing" });
  });

  it("says why when the snapshot cannot be loaded", () => {
    const view = stakeView({ ...reading, snapshot: undefined, error: new UserRejectedError() }, T_MS);
    expect(view.state).toEqual({ kind: "failed", message: "You rejected the request in your wallet." });
  });
});

describe("clockNeeded", () => {
  const nothingStaked: AccountSnapshot = { ...snapshot, stakedAmount: 0n };

  it("ticks while the Stake dialog is open, staked or not: its lock notice is now plus the lock", () => {
    expect(clockNeeded(nothingStaked, true)).toBe(true);
    expect(clockNeeded(undefined, true)).toBe(true);
    expect(clockNeeded(snapshot, true)).toBe(true);
  });

  it("otherwise ticks only while something staked earns rewards", () => {
    expect(clockNeeded(snapshot, false)).toBe(true);
    expect(clockNeeded(nothingStaked, false)).toBe(false);
    expect(clockNeeded(undefined, false)).toBe(false);
  });
});
