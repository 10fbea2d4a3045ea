import type { Address } from "../../domain/address";
import type { AccountSnapshot, AccountSnapshotSource } from "../../application/ports/accountSnapshotSource";
import { EMPTY_ACCOUNT_SNAPSHOT } from "../../application/testing/emptyAccountSnapshot";

/** Serves snapshots set per account; counts loads so tests can assert one batched read. */
export class FakeAccountSnapshotSource implements AccountSnapshotSource {
  readonly loads: Address[] = [];
  /** The chain of each load, in order. */
  readonly chains: number[] = [];
  private readonly snapshots = new Map<string, AccountSnapshot>();
  private failure: { readonly error: unknown } | undefined;

  /** Sets the account's snapshot: `EMPTY_ACCOUNT_SNAPSHOT` with `values` on top. */
  setSnapshot(account: Address, values: Partial<AccountSnapshot>): this {
    this.snapshots.set(account.toLowerCase(), { ...EMPTY_ACCOUNT_SNAPSHOT, ...values });
    return this;
  }

  failNext(error: unknown): this {
    this.failure = { error };
    return this;
  }

  async loadSnapshot(account: Address, chainId: number): Promise<AccountSnapshot> {
    this.loads.push(account);
    this.chains.push(chainId);
    if (this.failure) {
      const { error } = this.failure;
      this.failure = undefined;
      throw error;
    }
    return this.snapshots.get(account.toLowerCase()) ?? EMPTY_ACCOUNT_SNAPSHOT;
  }
}
