import type { ContractRevertError } from "../../domain/errors/contractRevertError";
import type { AtomicBatching } from "../../domain/stakeSending";
import type { TransactionHash } from "../../domain/transactionHash";
import type { Signer } from "./signer";

/** The wallet's id of a batch of calls (EIP-5792 `wallet_sendCalls`' answer). */
export type BatchId = string;

/** How a batch ended, checked on the app's own RPC once the wallet reports it. */
export interface BatchOutcome {
  /**
   * success: mined in one transaction, every call done (the stake's POO transfer is in its logs);
   * reverted: mined, a call failed, so none took effect (atomic);
   * cancelled / replaced: the wallet put another transaction in its place (a cancel: a 0-value
   * transfer to oneself); dropped: the wallet gave up without mining it, or no longer knows it.
   */
  readonly status: "success" | "reverted" | "cancelled" | "replaced" | "dropped";
  /** The transaction mined in the end (the batch's, or the one that took its place). */
  readonly hash: TransactionHash | undefined;
  readonly blockNumber: bigint | undefined;
  /** reverted: the call that failed (0 the approval, 1 the stake) and why, when a replay tells. */
  readonly failedCall?: { readonly index: number; readonly reason: ContractRevertError | undefined };
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
   * Waits until the wallet reports the batch settled and checks it on the signer's chain. Rejects
   * only when the wait itself fails (timeout, wallet gone): the batch may still be pending.
   */
  waitForBatch(batchId: BatchId, signer: Signer): Promise<BatchOutcome>;
}
