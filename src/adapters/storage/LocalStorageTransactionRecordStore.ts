import type {
  TransactionRecordKey,
  TransactionRecordStore,
} from "../../application/ports/transactionRecordStore";
import type { TransactionRecord } from "../../domain/transactionRecord";

/** Transaction records in browser storage, one JSON array per account and chain. */
export class LocalStorageTransactionRecordStore implements TransactionRecordStore {
  constructor(
    private readonly storage: Pick<Storage, "getItem" | "setItem">,
    private readonly prefix: string,
  ) {}

  key({ account, chainId }: TransactionRecordKey): string {
    return `${this.prefix}:transactions:${chainId}:${account.toLowerCase()}`;
  }

  read(key: TransactionRecordKey): unknown {
    try {
      const raw = this.storage.getItem(this.key(key));
      return raw === null ? undefined : (JSON.parse(raw) as unknown);
    } catch {
      // Corrupt JSON or storage disabled: behave as if nothing were stored (the use cases validate anyway).
      return undefined;
    }
  }

  write(key: TransactionRecordKey, records: readonly TransactionRecord[]): void {
    try {
      this.storage.setItem(this.key(key), JSON.stringify(records));
    } catch {
      // Quota exceeded or storage disabled: records are a convenience, never worth breaking a page for.
    }
  }
}
