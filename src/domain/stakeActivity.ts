import { sameAddress, type Address } from "./address";

/** Stake: POO into the pool. Unstake: POO back out. Reward: CRAP paid out by the pool. */
export type ActivityKind = "stake" | "unstake" | "reward";

/** One token movement between the account and the staking pool, as the chain recorded it. */
export interface ActivityEntry {
  readonly kind: ActivityKind;
  /** Base units of POO (stake, unstake) or CRAP (reward). */
  readonly amount: bigint;
  readonly hash: `0x${string}`;
  readonly blockNumber: bigint;
  readonly logIndex: number;
  /** The block's time; undefined when it could not be read. */
  readonly timestamp: Date | undefined;
}

/**
 * The account's activity as far as it could be read, newest first. `incomplete` when part of the
 * chain's history could not be read just now (the history service down or too far behind): the
 * entries are true, but some may be missing.
 */
export interface StakeActivity {
  readonly entries: readonly ActivityEntry[];
  readonly incomplete: boolean;
}

/**
 * The most blocks the app reads from the chain itself after the indexer's head: one eth_getLogs under
 * providers' usual 10,000-block cap. An indexer further behind than this leaves a gap, which the list
 * owns up to (and the server's health report calls the indexer down).
 */
export const CHAIN_TAIL_BLOCKS = 5_000n;

/** What the list says, in one line, when some of the activity could not be read. */
export const ACTIVITY_INCOMPLETE_TEXT = "Some of your activity cannot be shown right now.";

/** An ERC-20 Transfer event, whichever token emitted it. */
export interface TransferLog {
  readonly token: Address;
  readonly from: Address;
  readonly to: Address;
  readonly value: bigint;
}

export interface ActivityParties {
  readonly account: Address;
  readonly staking: Address;
  readonly pooToken: Address;
  readonly crapToken: Address;
}

/**
 * What a Transfer means for the account: POO from it to the pool is a stake, POO from the pool to it
 * an unstake, CRAP from the pool to it a reward. Anything else (other tokens, other parties, CRAP
 * sent to the pool, zero amounts) is not the account's staking activity.
 */
export function classifyTransfer(log: TransferLog, parties: ActivityParties): ActivityKind | undefined {
  if (log.value <= 0n) return undefined;
  const { account, staking, pooToken, crapToken } = parties;
  if (sameAddress(log.token, pooToken)) {
    if (sameAddress(log.from, account) && sameAddress(log.to, staking)) return "stake";
    if (sameAddress(log.from, staking) && sameAddress(log.to, account)) return "unstake";
    return undefined;
  }
  if (sameAddress(log.token, crapToken) && sameAddress(log.from, staking) && sameAddress(log.to, account)) {
    return "reward";
  }
  return undefined;
}

/** Newest first: by block, then by position in the block. */
export function newestFirst(a: ActivityEntry, b: ActivityEntry): number {
  if (a.blockNumber !== b.blockNumber) return a.blockNumber > b.blockNumber ? -1 : 1;
  return b.logIndex - a.logIndex;
}
