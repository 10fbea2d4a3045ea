import { describe, expect, it } from "vitest";
import { canUnstake, projectRewards, unlockTime, userRewardRate } from "./stakingRules";

describe("unlockTime and canUnstake", () => {
  it("unlocks exactly MIN_STAKE_DURATION after the stake", () => {
    expect(unlockTime(1_000n, 86_400n)).toBe(87_400n);
    expect(canUnstake(87_399n, 1_000n, 86_400n)).toBe(false);
    expect(canUnstake(87_400n, 1_000n, 86_400n)).toBe(true);
    expect(canUnstake(90_000n, 1_000n, 86_400n)).toBe(true);
  });

  it("allows an immediate unstake when there is no minimum duration", () => {
    expect(canUnstake(1_000n, 1_000n, 0n)).toBe(true);
  });
});

describe("userRewardRate", () => {
  it("is the pool rate times the user's share, rounded down", () => {
    expect(userRewardRate(100n, 25n, 100n)).toBe(25n);
    expect(userRewardRate(10n, 1n, 3n)).toBe(3n);
    expect(userRewardRate(100n, 100n, 100n)).toBe(100n);
  });

  it("is 0 with no stake, no pool or no rate", () => {
    expect(userRewardRate(100n, 0n, 100n)).toBe(0n);
    expect(userRewardRate(100n, 5n, 0n)).toBe(0n);
    expect(userRewardRate(0n, 5n, 10n)).toBe(0n);
  });
});

describe("projectRewards", () => {
  const lastRead = { rewards: 1_000n, at: 100n };

  it("counts up at the rate from the last reading", () => {
    expect(projectRewards(lastRead, 5n, 100n)).toBe(1_000n);
    expect(projectRewards(lastRead, 5n, 110n)).toBe(1_050n);
  });

  it("never counts down when the clock is behind the reading", () => {
    expect(projectRewards(lastRead, 5n, 90n)).toBe(1_000n);
  });

  it("stops at what is funded but never below the reading", () => {
    expect(projectRewards(lastRead, 5n, 1_000n, 1_200n)).toBe(1_200n);
    expect(projectRewards(lastRead, 5n, 110n, 1_200n)).toBe(1_050n);
    expect(projectRewards(lastRead, 5n, 1_000n, 500n)).toBe(1_000n);
  });

  it("ignores a negative rate", () => {
    expect(projectRewards(lastRead, -5n, 200n)).toBe(1_000n);
  });
});
