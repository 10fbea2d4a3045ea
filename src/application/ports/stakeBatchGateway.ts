import type { ContractRevertError } from "../../domain/errors/contractRevertError";
import type { AtomicBatching } from "../../domain/stakeSending";
import type { TransactionHash } from "../../domain/transactionHash";
import type { Signer } from "./signer";

/** The wallet's id of a batch of calls (EIP-5792 `wallet_sendCalls`' answer). */
export type BatchId = string;

/** How a batch ended, checked on the app's own RPC once the wallet reports it (judgeBatchOutcome). */
export interface BatchOutcome {
  /**
   * success: a transaction the wallet named was mined with the stake's POO transfer in its logs;
   * reverted: one it named was mined with status 0, and no approval of the batch went through;
   * partial: the approval went through (its transaction mined) but the stake did not;
   * cancelled / replaced: what it named was mined but did neither (a cancel: a 0-value transfer to
   * oneself); dropped: the wallet gave up without mining it (EIP-5792 400), or no longer knows it;
   * failed: the wallet reports a failure (500 and up) without naming a transaction to check.
   */
  readonly status: "success" | "reverted" | "partial" | "cancelled" | "replaced" | "dropped" | "failed";
  /**
   * The transaction the outcome is about: the stake's (success), the one that reverted (reverted,
   * partial), the approval's (partial, no stake mined), the one that took the batch's place.
   */
  readonly hash: TransactionHash | undefined;
  readonly blockNumber: bigint | undefined;
  /** reverted, partial: the call that failed (0 the approval, 1 the stake) and why, when a replay tells. */
  readonly failedCall?: { readonly index: number; readonly reason: ContractRevertError | undefined };
  /**
   * The transaction that holds the account's approval of the pool (the batch's own, or a bundle's
   * first) and the quantity approved, when one the wallet named does.
   */
  readonly approval?: { readonly hash: TransactionHash; readonly amount: bigint };
}

/**
 * The approval and the stake as ONE atomic batch, through the wallet's EIP-5792 methods. Pinned to
 * the signer like every write: refused (WalletChangedError) when the wallet moved to another account
 * or chain; checked on the chain first, both calls in order as the signer (a revert is said before
 * the wallet is asked).
 */
export interface StakeBatchGateway {
  /** The wallet's atomic capability on the signer's chain; "unsupported" when it cannot tell. */
  atomicBatching(signer: Signer): Promise<AtomicBatching>;
  /**
   * Sends approve(staking, amount) then stake(amount) with atomic execution required; resolves with
   * the batch's id once the wallet accepted it. Rejects with UserRejectedError, UpgradeDeclinedError
   * (the user declined the account upgrade), ContractRevertError (the check failed), ...
   */
  sendApproveAndStake(signer: Signer, amount: bigint): Promise<BatchId>;
  /**
   * Waits until the wallet reports the batch settled (EIP-5792 status and receipts) and checks every
   * transaction it names on the signer's chain. Rejects only when the wait itself fails (timeout,
   * wallet gone, a status that never settles): the batch may still be pending.
   */
  waitForBatch(batchId: BatchId, signer: Signer): Promise<BatchOutcome>;
}
