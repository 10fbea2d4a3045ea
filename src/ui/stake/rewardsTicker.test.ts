import { describe, expect, it } from "vitest";
import { estimateChainNow, tickingRewards, type RewardsSnapshot } from "./rewardsTicker";

const E18 = 10n ** 18n;
const T = 1_800_000_000n; // block time of the reading, Unix seconds
const T_MS = Number(T) * 1000;

// The pool pays 10 CRAP/s; this account holds a quarter of the stake, so it earns 2.5 CRAP/s.
const snapshot: RewardsSnapshot = {
  rewards: 7n * E18,
  stakedAmount: 250n * E18,
  totalStaked: 1000n * E18,
  rewardRate: 10n * E18,
  blockTimestamp: T,
  rewardsAvailable: 1_000_000n * E18,
};
const perSecond = (25n * E18) / 10n;

describe("estimateChainNow", () => {
  it("follows the wall clock when the last block is older (no block for a while)", () => {
    expect(estimateChainNow(T - 30n, T_MS + 2_000)).toBe(T + 2n);
  });

  it("stays at the block time while the chain is ahead of the wall clock", () => {
    expect(estimateChainNow(T + 20n, T_MS + 2_500)).toBe(T + 20n);
  });
});

describe("tickingRewards", () => {
  it.each(["rewardRate", "totalStaked", "rewardsAvailable"] as const)(
    "without the optional read %s, shows the chain's reading as is (a contract with the spec's interface only)",
    (read) => {
      const spec = { ...snapshot, [read]: undefined };
      expect(tickingRewards(spec, T_MS + 60_000)).toBe(7n * E18);
    },
  );

  it("stops at this account's share of the unpromised reserve (the pool running dry)", () => {
    // A quarter of a 10 CRAP reserve: at most 2.5 CRAP more, reached after one second.
    const dry = { ...snapshot, rewardsAvailable: 10n * E18 };
    expect(tickingRewards(dry, T_MS + 1_000)).toBe(7n * E18 + perSecond);
    expect(tickingRewards(dry, T_MS + 60_000)).toBe(7n * E18 + perSecond);
  });

  it("is the chain's figure at the reading's own second", () => {
    expect(tickingRewards(snapshot, T_MS)).toBe(7n * E18);
    expect(tickingRewards(snapshot, T_MS + 999)).toBe(7n * E18);
  });

  it("adds this account's share of the pool rate for every second since the block", () => {
    expect(tickingRewards(snapshot, T_MS + 1_000)).toBe(7n * E18 + perSecond);
    expect(tickingRewards(snapshot, T_MS + 4_999)).toBe(7n * E18 + 4n * perSecond);
  });

  it("includes the seconds between the block and the moment the reading arrived", () => {
    const older = { ...snapshot, blockTimestamp: T - 3n };
    expect(tickingRewards(older, T_MS)).toBe(7n * E18 + 3n * perSecond);
  });

  it("meets the next poll exactly when the rate is unchanged (never behind by more than one poll)", () => {
    const nextPoll = { ...snapshot, rewards: 7n * E18 + 4n * perSecond, blockTimestamp: T + 4n };
    expect(tickingRewards(snapshot, T_MS + 4_000)).toBe(tickingRewards(nextPoll, T_MS + 4_000));
  });

  it("does not run ahead of a chain whose blocks are ahead of the wall clock, so no drop at the next poll", () => {
    const ahead = { ...snapshot, blockTimestamp: T + 10n };
    expect(tickingRewards(ahead, T_MS + 4_000)).toBe(7n * E18);
    expect(tickingRewards(ahead, T_MS + 12_000)).toBe(7n * E18 + 2n * perSecond);
  });

  it("stays put with nothing staked or an empty pool", () => {
    expect(tickingRewards({ ...snapshot, stakedAmount: 0n }, T_MS + 60_000)).toBe(7n * E18);
    expect(tickingRewards({ ...snapshot, totalStaked: 0n }, T_MS + 60_000)).toBe(7n * E18);
    expect(tickingRewards({ ...snapshot, rewardRate: 0n }, T_MS + 60_000)).toBe(7n * E18);
  });

  it("rounds the account's rate down, like the contract", () => {
    const odd = { ...snapshot, rewards: 0n, rewardRate: 10n, stakedAmount: 1n, totalStaked: 3n };
    expect(tickingRewards(odd, T_MS + 1_000)).toBe(3n);
  });
});
