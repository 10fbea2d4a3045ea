import type { TransactionHash } from "./transactionHash";
import type { TransactionRecord, TransactionStatus } from "./transactionRecord";

/** How a sent transaction (or batch) ended, as far as its record is concerned. */
export interface RecordOutcome {
  /**
   * dropped: a batch the wallet did not put on chain (or no longer knows); partial: a batch whose
   * approval went through but not its stake; failed: a batch the wallet reports failed, naming no
   * transaction.
   */
  readonly status: "success" | "reverted" | "partial" | "cancelled" | "replaced" | "dropped" | "failed";
  /**
   * The transaction mined in the end (differs from the record's hash after a replacement; a batch's
   * record gets it here); undefined for a dropped batch.
   */
  readonly hash: TransactionHash | undefined;
}

const STATUS: Record<RecordOutcome["status"], TransactionStatus> = {
  success: "confirmed",
  reverted: "failed",
  cancelled: "cancelled",
  replaced: "replaced",
  dropped: "failed",
  partial: "failed",
  failed: "failed",
};

/**
 * The record once its transaction settled: the status the outcome stands for and, when the wallet
 * put another transaction in its place, the replacement's hash (the original kept as replacedHash).
 * A batch's record takes the hash of the transaction that holds it.
 */
export function settledTransactionRecord(
  record: TransactionRecord,
  outcome: RecordOutcome,
): TransactionRecord {
  const status = STATUS[outcome.status];
  if (outcome.hash === undefined) return { ...record, status };
  if (record.hash === undefined) return { ...record, status, hash: outcome.hash };
  const moved = outcome.hash.toLowerCase() !== record.hash.toLowerCase();
  return {
    ...record,
    status,
    ...(moved ? { hash: outcome.hash, replacedHash: record.replacedHash ?? record.hash } : {}),
  };
}
