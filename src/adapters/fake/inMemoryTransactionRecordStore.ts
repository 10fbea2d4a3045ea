import type { TransactionRecord } from "../../domain/transactionRecord";
import type {
  TransactionRecordKey,
  TransactionRecordStore,
} from "../../application/ports/transactionRecordStore";

/**
 * Transaction records in a Map, keyed like browser storage would be (chain id and lower-cased
 * account). `seed` puts arbitrary raw data in, to test how corrupt storage is read.
 */
export class InMemoryTransactionRecordStore implements TransactionRecordStore {
  readonly writes: Array<{
    readonly key: TransactionRecordKey;
    readonly records: readonly TransactionRecord[];
  }> = [];
  private readonly data = new Map<string, unknown>();

  seed(key: TransactionRecordKey, raw: unknown): this {
    this.data.set(storageKey(key), raw);
    return this;
  }

  read(key: TransactionRecordKey): unknown {
    // A copy, as a real store hands out parsed JSON: callers never share the stored array.
    return structuredClone(this.data.get(storageKey(key)));
  }

  write(key: TransactionRecordKey, records: readonly TransactionRecord[]): void {
    this.writes.push({ key, records: [...records] });
    this.data.set(storageKey(key), structuredClone(records));
  }
}

function storageKey({ account, chainId }: TransactionRecordKey): string {
  return `${chainId}:${account.toLowerCase()}`;
}
