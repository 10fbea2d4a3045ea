import { parseTransactionRecords } from "../../domain/parseTransactionRecords";
import { retainTransactionRecords } from "../../domain/retainTransactionRecords";
import { transactionRecordKey } from "../../domain/transactionRecordKey";
import type { TransactionRecord } from "../../domain/transactionRecord";
import { transactionRecordSchema } from "../../domain/transactionRecord";
import type { TransactionRecordKey, TransactionRecordStore } from "../ports/transactionRecordStore";

/**
 * Adds a sent transaction (or batch) as the newest record of an account and chain (replacing a
 * record with the same hash, or batch id), keeps every pending record plus the 10 newest settled ones, and returns the
 * stored list. Invalid stored entries are dropped on the way.
 */
export class RecordTransaction {
  constructor(private readonly store: TransactionRecordStore) {}

  execute(key: TransactionRecordKey, record: TransactionRecord): TransactionRecord[] {
    const checked = transactionRecordSchema.safeParse(record);
    if (!checked.success) throw new TypeError(`Invalid transaction record: ${checked.error.message}`);
    const id = transactionRecordKey(checked.data);
    const others = parseTransactionRecords(this.store.read(key)).filter(
      (r) => transactionRecordKey(r) !== id,
    );
    const records = retainTransactionRecords([checked.data, ...others]);
    this.store.write(key, records);
    return records;
  }
}
