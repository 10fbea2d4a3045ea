import type { Address } from "../../domain/address";

/** Everything the stake page needs about one account, read at one block. Amounts in base units. */
export interface AccountSnapshot {
  readonly pooBalance: bigint;
  readonly crapBalance: bigint;
  /** CRAP rewards earned and not yet paid. */
  readonly rewards: bigint;
  readonly stakedAmount: bigint;
  /** POO allowance from the account to the Staking contract. */
  readonly allowance: bigint;
  /** Unix seconds of the account's stake; 0 when nothing is staked. */
  readonly stakedTime: bigint;
  /** The Staking contract's MIN_STAKE, base units. */
  readonly minStake: bigint;
  /** The Staking contract's MIN_STAKE_DURATION, seconds. */
  readonly minStakeDuration: bigint;
  /** The whole pool's CRAP reward rate, base units per second. */
  readonly rewardRate: bigint;
  readonly totalStaked: bigint;
  /** CRAP the pool holds and has not yet promised to anyone: accrual stops when it runs out. */
  readonly rewardsAvailable: bigint;
  /** Unix seconds of the block every value above was read at. */
  readonly blockTimestamp: bigint;
}

/**
 * Reads an account's snapshot in ONE batched request (a multicall pinned to one block), so the
 * values are consistent with each other and a page load costs one round trip.
 */
export interface AccountSnapshotSource {
  loadSnapshot(account: Address): Promise<AccountSnapshot>;
}
