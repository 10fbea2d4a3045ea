import type { TransactionRecord } from "./transactionRecord";

/** What names a record among an account's: its hash, or a batch's id until the batch has one. Lower case. */
export function transactionRecordKey(record: Pick<TransactionRecord, "hash" | "batchId">): string {
  return (record.hash ?? record.batchId ?? "").toLowerCase();
}
