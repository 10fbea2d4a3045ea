import { parseTransactionRecords } from "../../domain/parseTransactionRecords";
import { retainTransactionRecords } from "../../domain/retainTransactionRecords";
import type { TransactionRecord, TransactionStatus } from "../../domain/transactionRecord";
import type { TransactionHash } from "../../domain/transactionHash";
import type { TransactionRecordKey, TransactionRecordStore } from "../ports/transactionRecordStore";

export interface TransactionStatusUpdate {
  readonly status: TransactionStatus;
  /** An integer of at least 1 when given. */
  readonly confirmations?: number;
}

/**
 * Moves a stored record to a new status in place (its position, hence its age, is kept) and
 * re-applies the retention rule. Returns false, writing nothing, when no record has that hash.
 */
export class UpdateTransactionStatus {
  constructor(private readonly store: TransactionRecordStore) {}

  execute(key: TransactionRecordKey, hash: TransactionHash, update: TransactionStatusUpdate): boolean {
    if (
      update.confirmations !== undefined &&
      !(Number.isInteger(update.confirmations) && update.confirmations >= 1)
    ) {
      throw new TypeError(`Confirmations must be an integer of at least 1, got ${update.confirmations}`);
    }
    const records = parseTransactionRecords(this.store.read(key));
    const wanted = hash.toLowerCase();
    const index = records.findIndex((record) => record.hash.toLowerCase() === wanted);
    const current = records[index];
    if (current === undefined) return false;

    const updated: TransactionRecord = { ...current, status: update.status };
    if (update.confirmations !== undefined) updated.confirmations = update.confirmations;
    records[index] = updated;
    this.store.write(key, retainTransactionRecords(records));
    return true;
  }
}
