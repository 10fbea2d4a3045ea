import type { AccountSnapshot } from "../../../application/ports/accountSnapshotSource";
import { toDomainError } from "../../../domain/errors/toDomainError";
import type { FiguresState, StakeFigures } from "../MyStakePanel/MyStakePanel";
import { ZERO_FIGURES } from "../MyStakePanel/MyStakePanel";
import { estimateChainNow, tickingRewards } from "../rewardsTicker";
import { unstakeAvailability, type UnstakeAvailability } from "../unstakeAvailability";

export interface SnapshotReading {
  /** Undefined while disconnected. */
  account: string | undefined;
  /** The snapshot of exactly that account (the query key holds the account), if any. */
  snapshot: AccountSnapshot | undefined;
  fromPreviousVisit: boolean;
  error: unknown;
}

export interface StakeView {
  figures: StakeFigures;
  state: FiguresState;
  unstake: UnstakeAvailability;
  /** Chain time used for the figures, as a Date (drives the unstake countdown). */
  chainNow: Date;
}

/**
 * Everything the My Stake panel shows, from the latest snapshot and the clock. No snapshot (a new
 * account, disconnected) means zeros, never another account's figures. Rewards count up between
 * reads, except for figures restored from a previous visit, which stay as read until the chain answers.
 */
export function stakeView(reading: SnapshotReading, nowMs: number): StakeView {
  const { account, snapshot, fromPreviousVisit, error } = reading;
  const failed = error ? { kind: "failed" as const, message: toDomainError(error).shortMessage } : undefined;
  if (account === undefined || snapshot === undefined) {
    return {
      figures: ZERO_FIGURES,
      state: account === undefined ? { kind: "disconnected" } : (failed ?? { kind: "loading" }),
      unstake: { kind: "nothing-staked" },
      chainNow: new Date(nowMs),
    };
  }
  const chainNowSeconds = estimateChainNow(snapshot.blockTimestamp, nowMs);
  return {
    figures: {
      rewards: fromPreviousVisit ? snapshot.rewards : tickingRewards(snapshot, nowMs),
      crapBalance: snapshot.crapBalance,
      stakedAmount: snapshot.stakedAmount,
      pooBalance: snapshot.pooBalance,
    },
    state: fromPreviousVisit ? (failed ?? { kind: "refreshing" }) : { kind: "loaded" },
    unstake: unstakeAvailability(snapshot, chainNowSeconds),
    chainNow: new Date(Number(chainNowSeconds) * 1000),
  };
}

/**
 * Whether the page's clock must tick: while something staked earns (the rewards figure moves each
 * second) and while the Stake dialog is open, whose lock notice ("Unstaking possible from …") is
 * "now" plus the lock. Without the dialog's clause, a page with nothing staked kept the time of its
 * last render, and the dialog named a lock end that many minutes too early.
 */
export function clockNeeded(snapshot: AccountSnapshot | undefined, stakeDialogOpen: boolean): boolean {
  return stakeDialogOpen || (snapshot !== undefined && snapshot.stakedAmount > 0n);
}
