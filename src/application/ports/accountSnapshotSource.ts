import type { Address } from "../../domain/address";

/**
 * Everything the stake page needs about one account, read at one block. Amounts in base units.
 *
 * The first group comes from the staking contract's interface as the product spec gives it (and
 * ERC-20 reads), which every deployment answers. The optional group are reads our own contract
 * offers and the real POO contracts may not: each is `undefined` when the contract does not answer
 * it, found out on chain at every read, and whatever depends on it is shown only when present.
 */
export interface AccountSnapshot {
  readonly pooBalance: bigint;
  readonly crapBalance: bigint;
  /** CRAP rewards earned and not yet paid. */
  readonly rewards: bigint;
  readonly stakedAmount: bigint;
  /** POO allowance from the account to the Staking contract. */
  readonly allowance: bigint;
  /** Unix seconds of the account's latest stake; 0 when nothing is staked. */
  readonly stakedTime: bigint;
  /** The Staking contract's MIN_STAKE, base units. */
  readonly minStake: bigint;
  /** The Staking contract's MIN_STAKE_DURATION, seconds. */
  readonly minStakeDuration: bigint;
  /** The pool refuses new stakes while paused. */
  readonly paused: boolean;
  /** The block every value was read at. */
  readonly blockNumber: bigint;
  /** Unix seconds of that block. */
  readonly blockTimestamp: bigint;
  /**
   * POO held by the staking contract (ERC-20 `balanceOf(staking)`): what the whole pool has staked,
   * readable on any pool. It also counts POO sent to the contract by plain transfer.
   */
  readonly poolStaked: bigint;

  /** Optional: the whole pool's CRAP reward rate, base units per second. */
  readonly rewardRate: bigint | undefined;
  /** Optional: POO staked by everyone. */
  readonly totalStaked: bigint | undefined;
  /** Optional: CRAP the pool holds and has not promised yet (accrual stops when it runs out). */
  readonly rewardsAvailable: bigint | undefined;
}

/**
 * Reads an account's snapshot on one chain in ONE request (a multicall pinned to one block), so the
 * values are consistent with each other and a refresh costs one round trip. Optional reads that the
 * contract does not answer never fail the snapshot; a missing required read does.
 */
export interface AccountSnapshotSource {
  loadSnapshot(account: Address, chainId: number): Promise<AccountSnapshot>;
}
