import type { TransactionHash } from "../../domain/transactionHash";

export interface TransactionOutcome {
  readonly hash: TransactionHash;
  /** "reverted" when the receipt's status is 0. */
  readonly status: "success" | "reverted";
  readonly blockNumber: bigint;
}

/**
 * Waits until a sent transaction is mined. Resolves with the outcome, including a revert; rejects
 * only when the wait itself fails (RequestTimeoutError, RpcUnavailableError, ...).
 */
export interface TransactionWaiter {
  waitForReceipt(hash: TransactionHash): Promise<TransactionOutcome>;
}
