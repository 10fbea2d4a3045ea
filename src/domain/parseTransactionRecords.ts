import type { TransactionRecord } from "./transactionRecord";
import { transactionRecordSchema } from "./transactionRecord";

/**
 * The valid records of whatever was stored, in stored order. Anything that is not an array gives
 * an empty list and each invalid entry is dropped on its own: a bad record never hides the others
 * and never throws.
 */
export function parseTransactionRecords(raw: unknown): TransactionRecord[] {
  if (!Array.isArray(raw)) return [];
  const records: TransactionRecord[] = [];
  for (const entry of raw) {
    const parsed = transactionRecordSchema.safeParse(entry);
    if (parsed.success) records.push(parsed.data);
  }
  return records;
}
