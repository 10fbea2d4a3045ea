import { projectRewards, userRewardRate } from "../../domain/stakingRules";

/**
 * The snapshot fields the rewards projection reads. The pool's rate, total and reserve are optional
 * reads (not in the spec's interface): without all three the figure shows the chain's reading as is.
 */
export interface RewardsSnapshot {
  readonly rewards: bigint;
  readonly stakedAmount: bigint;
  readonly totalStaked: bigint | undefined;
  /** The pool's CRAP per second, base units. */
  readonly rewardRate: bigint | undefined;
  /** Unix seconds of the block the snapshot was read at. */
  readonly blockTimestamp: bigint;
  /** CRAP the pool has not promised yet; accrual stops when it runs out. */
  readonly rewardsAvailable: bigint | undefined;
}

/** Whether the contract told enough to count rewards up between reads. */
export function canTickRewards(snapshot: RewardsSnapshot): boolean {
  return (
    snapshot.rewardRate !== undefined &&
    snapshot.totalStaked !== undefined &&
    snapshot.rewardsAvailable !== undefined
  );
}

/**
 * Chain time now, in Unix seconds: the later of the wall clock and the reading's block time (the
 * Unstake use case's rule). The next block cannot be earlier than either, so a figure projected to
 * this moment is what the chain will show, never more: when blocks run ahead of the wall clock (a
 * burst of transactions on a local chain), the figure waits for the clock instead of jumping back
 * at the next poll.
 */
export function estimateChainNow(blockTimestamp: bigint, nowMs: number): bigint {
  const wallClock = BigInt(Math.floor(nowMs / 1000));
  return wallClock > blockTimestamp ? wallClock : blockTimestamp;
}

/**
 * The rewards figure between two chain reads: the last reading plus this account's share of the
 * pool's rate for every second since its block, like the contract accrues them. Each poll replaces
 * the reading, so the figure is never behind the chain by more than one poll.
 */
export function tickingRewards(snapshot: RewardsSnapshot, nowMs: number): bigint {
  const { rewardRate, totalStaked, rewardsAvailable } = snapshot;
  if (rewardRate === undefined || totalStaked === undefined || rewardsAvailable === undefined) {
    return snapshot.rewards;
  }
  const rate = userRewardRate(rewardRate, snapshot.stakedAmount, totalStaked);
  const now = estimateChainNow(snapshot.blockTimestamp, nowMs);
  // This account's share of the unpromised reserve is the most it can still earn.
  const share = totalStaked > 0n ? (rewardsAvailable * snapshot.stakedAmount) / totalStaked : 0n;
  return projectRewards(
    { rewards: snapshot.rewards, at: snapshot.blockTimestamp },
    rate,
    now,
    snapshot.rewards + share,
  );
}
