import type { AccountSnapshot } from "../../application/ports/accountSnapshotSource";

/** One read of a multicall made with allowFailure: its value, or why it failed. */
export type ReadResult<T> =
  { readonly status: "success"; readonly result: T } | { readonly status: "failure"; readonly error: Error };

/** The snapshot's reads, in the order the source asks for them. */
export interface SnapshotReads {
  readonly pooBalance: ReadResult<bigint>;
  readonly crapBalance: ReadResult<bigint>;
  readonly rewards: ReadResult<bigint>;
  readonly stakedAmount: ReadResult<bigint>;
  readonly allowance: ReadResult<bigint>;
  readonly stakedTime: ReadResult<bigint>;
  readonly minStake: ReadResult<bigint>;
  readonly minStakeDuration: ReadResult<bigint>;
  readonly paused: ReadResult<boolean>;
  readonly blockNumber: ReadResult<bigint>;
  readonly blockTimestamp: ReadResult<bigint>;
  readonly poolStaked: ReadResult<bigint>;
  readonly rewardRate: ReadResult<bigint>;
  readonly totalStaked: ReadResult<bigint>;
  readonly rewardsAvailable: ReadResult<bigint>;
}

/** A read the spec's interface (or ERC-20, or Multicall3) promises failed: the snapshot cannot be trusted. */
export class RequiredReadFailedError extends Error {
  constructor(
    readonly read: string,
    cause: Error,
  ) {
    super(`The required read "${read}" failed: ${cause.message.split("\n")[0]}`, { cause });
    this.name = "RequiredReadFailedError";
  }
}

function required<T>(name: string, read: ReadResult<T>): T {
  if (read.status === "failure") throw new RequiredReadFailedError(name, read.error);
  return read.result;
}

/**
 * Capability detection: an optional read the contract does not answer (no such function, a revert,
 * undecodable data) is absent, never a failure and never a made-up 0. A failed required read throws
 * with its cause (the revert, the RPC error) so the page says what went wrong.
 */
export function snapshotFromReads(reads: SnapshotReads): AccountSnapshot {
  const optional = (read: ReadResult<bigint>): bigint | undefined =>
    read.status === "success" ? read.result : undefined;
  return {
    pooBalance: required("POO balanceOf", reads.pooBalance),
    crapBalance: required("CRAP balanceOf", reads.crapBalance),
    rewards: required("rewards", reads.rewards),
    stakedAmount: required("stakedAmount", reads.stakedAmount),
    allowance: required("POO allowance", reads.allowance),
    stakedTime: required("stakedTime", reads.stakedTime),
    minStake: required("MIN_STAKE", reads.minStake),
    minStakeDuration: required("MIN_STAKE_DURATION", reads.minStakeDuration),
    paused: required("paused", reads.paused),
    blockNumber: required("block number", reads.blockNumber),
    blockTimestamp: required("block timestamp", reads.blockTimestamp),
    poolStaked: required("POO balanceOf(staking)", reads.poolStaked),
    rewardRate: optional(reads.rewardRate),
    totalStaked: optional(reads.totalStaked),
    rewardsAvailable: optional(reads.rewardsAvailable),
  };
}
