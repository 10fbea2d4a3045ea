import { parseTransactionRecords } from "../../domain/parseTransactionRecords";
import { retainTransactionRecords } from "../../domain/retainTransactionRecords";
import { settledTransactionRecord, type RecordOutcome } from "../../domain/settledTransactionRecord";
import type { TransactionHash } from "../../domain/transactionHash";
import type { TransactionRecordKey, TransactionRecordStore } from "../ports/transactionRecordStore";

/**
 * Stores how the transaction sent as `id` (its hash, or a batch's id) ended: confirmed, failed,
 * cancelled or replaced, under the hash finally mined. Its position (its age) is kept. False, writing
 * nothing, when no record has that hash or batch id (another tab settled it already, or it was never
 * recorded).
 */
export class SettleTransactionRecord {
  constructor(private readonly store: TransactionRecordStore) {}

  execute(key: TransactionRecordKey, id: TransactionHash | string, outcome: RecordOutcome): boolean {
    const records = parseTransactionRecords(this.store.read(key));
    const wanted = id.toLowerCase();
    const index = records.findIndex((record) =>
      [record.hash, record.replacedHash, record.batchId].some((known) => known?.toLowerCase() === wanted),
    );
    const current = records[index];
    if (current === undefined) return false;
    records[index] = settledTransactionRecord(current, outcome);
    this.store.write(key, retainTransactionRecords(records));
    return true;
  }
}
