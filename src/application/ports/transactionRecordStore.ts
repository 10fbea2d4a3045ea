import type { Address } from "../../domain/address";
import type { TransactionRecord } from "../../domain/transactionRecord";

/** Records are kept per account and chain. Accounts are compared case-insensitively. */
export interface TransactionRecordKey {
  readonly account: Address;
  readonly chainId: number;
}

/**
 * Raw persistence of transaction records (browser storage). Synchronous on purpose: the record
 * use cases read, change and write back, and a synchronous store makes that step atomic within a
 * tab. `read` returns whatever is stored, unvalidated (undefined when nothing is), because stored
 * data may be stale or corrupt; the use cases validate it with the domain schema.
 */
export interface TransactionRecordStore {
  read(key: TransactionRecordKey): unknown;
  write(key: TransactionRecordKey, records: readonly TransactionRecord[]): void;
}
