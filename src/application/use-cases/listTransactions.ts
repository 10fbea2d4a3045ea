import { parseTransactionRecords } from "../../domain/parseTransactionRecords";
import { retainTransactionRecords } from "../../domain/retainTransactionRecords";
import type { TransactionRecord } from "../../domain/transactionRecord";
import type { TransactionRecordKey, TransactionRecordStore } from "../ports/transactionRecordStore";

/**
 * The records of an account and chain, newest first: every pending one plus the 10 newest
 * settled ones. Never throws: invalid entries are dropped, and a store that cannot be read
 * (storage disabled by the browser) reads as empty, because the list is informational.
 */
export class ListTransactions {
  constructor(private readonly store: TransactionRecordStore) {}

  execute(key: TransactionRecordKey): TransactionRecord[] {
    let raw: unknown;
    try {
      raw = this.store.read(key);
    } catch {
      return [];
    }
    return retainTransactionRecords(parseTransactionRecords(raw));
  }
}
