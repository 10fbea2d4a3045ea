import { parseTransactionRecords } from "./parseTransactionRecords";
import type { TransactionRecord } from "./transactionRecord";

/** The valid pending records among whatever was stored. */
export function listPendingTransactions(raw: unknown): TransactionRecord[] {
  return parseTransactionRecords(raw).filter((record) => record.status === "pending");
}
