import type { TransactionHash } from "./transactionHash";
import type { TransactionRecord, TransactionStatus } from "./transactionRecord";

/** How a sent transaction ended, as far as its record is concerned. */
export interface RecordOutcome {
  readonly status: "success" | "reverted" | "cancelled" | "replaced";
  /** The transaction mined in the end (differs from the record's hash after a replacement). */
  readonly hash: TransactionHash;
}

const STATUS: Record<RecordOutcome["status"], TransactionStatus> = {
  success: "confirmed",
  reverted: "failed",
  cancelled: "cancelled",
  replaced: "replaced",
};

/**
 * The record once its transaction settled: the status the outcome stands for and, when the wallet
 * put another transaction in its place, the replacement's hash (the original kept as replacedHash).
 */
export function settledTransactionRecord(
  record: TransactionRecord,
  outcome: RecordOutcome,
): TransactionRecord {
  const moved = outcome.hash.toLowerCase() !== record.hash.toLowerCase();
  return {
    ...record,
    status: STATUS[outcome.status],
    ...(moved ? { hash: outcome.hash, replacedHash: record.replacedHash ?? record.hash } : {}),
  };
}
