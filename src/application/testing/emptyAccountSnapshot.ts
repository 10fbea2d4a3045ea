import type { AccountSnapshot } from "../ports/accountSnapshotSource";

/**
 * An account with nothing: every figure 0. Tests override what they need. Kept here, not in
 * adapters/fake, so ui tests (which must not import adapters) build snapshots from it too.
 */
export const EMPTY_ACCOUNT_SNAPSHOT: AccountSnapshot = {
  pooBalance: 0n,
  crapBalance: 0n,
  rewards: 0n,
  stakedAmount: 0n,
  allowance: 0n,
  stakedTime: 0n,
  minStake: 0n,
  minStakeDuration: 0n,
  paused: false,
  blockNumber: 0n,
  blockTimestamp: 0n,
  poolStaked: 0n,
  rewardRate: 0n,
  totalStaked: 0n,
  rewardsAvailable: 0n,
};
