// Staking rules mirrored from the Staking contract so the app can refuse early instead of paying
// gas for a revert. Times are Unix seconds as bigint, like block timestamps.

/** The first moment a stake made at `stakedTime` may be withdrawn. */
export function unlockTime(stakedTime: bigint, minDuration: bigint): bigint {
  return stakedTime + minDuration;
}

/** True from the unlock moment on (the contract reverts with StakeLocked strictly before it). */
export function canUnstake(now: bigint, stakedTime: bigint, minDuration: bigint): boolean {
  return now >= unlockTime(stakedTime, minDuration);
}

/** The share of the pool's reward rate earned by `stakedAmount` out of `totalStaked`, rounded down. */
export function userRewardRate(poolRatePerSecond: bigint, stakedAmount: bigint, totalStaked: bigint): bigint {
  if (totalStaked <= 0n || stakedAmount <= 0n || poolRatePerSecond <= 0n) return 0n;
  return (poolRatePerSecond * stakedAmount) / totalStaked;
}

export interface RewardsReading {
  /** Rewards as the chain reported them. */
  readonly rewards: bigint;
  /** Block timestamp of that reading. */
  readonly at: bigint;
}

/**
 * Counts rewards up between two chain reads: last reading + rate × elapsed seconds. `fundedLimit`
 * (what the pool can still pay this user) caps the projection so the figure never shows rewards
 * that cannot be paid; the last reading itself is never lowered. A clock behind the reading
 * projects nothing.
 */
export function projectRewards(
  lastRead: RewardsReading,
  ratePerSecond: bigint,
  now: bigint,
  fundedLimit?: bigint,
): bigint {
  const elapsed = now > lastRead.at ? now - lastRead.at : 0n;
  const rate = ratePerSecond > 0n ? ratePerSecond : 0n;
  const projected = lastRead.rewards + rate * elapsed;
  if (fundedLimit === undefined || projected <= fundedLimit) return projected;
  return fundedLimit > lastRead.rewards ? fundedLimit : lastRead.rewards;
}
