import type { TransactionRecord } from "./transactionRecord";

/** How many settled (confirmed or failed) records are kept beside the pending ones. */
export const SETTLED_TRANSACTIONS_KEPT = 10;

/**
 * Every pending record plus the `settledKept` newest settled ones. Records are ordered newest
 * first and that order is kept. Pending ones are never dropped: the user must see them resolve.
 */
export function retainTransactionRecords(
  records: readonly TransactionRecord[],
  settledKept: number = SETTLED_TRANSACTIONS_KEPT,
): TransactionRecord[] {
  let settledSeen = 0;
  return records.filter((record) => {
    if (record.status === "pending") return true;
    settledSeen += 1;
    return settledSeen <= settledKept;
  });
}
