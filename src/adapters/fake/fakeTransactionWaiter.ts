import type { TransactionHash } from "../../domain/transactionHash";
import type { TransactionOutcome, TransactionWaiter } from "../../application/ports/transactionWaiter";

/**
 * Every transaction is mined successfully unless marked with revert(hash) or revertNext(). Keeps
 * the hashes waited for, in order.
 */
export class FakeTransactionWaiter implements TransactionWaiter {
  readonly waited: TransactionHash[] = [];
  private readonly reverted = new Set<string>();
  private revertsQueued = 0;
  private failure: { readonly error: unknown } | undefined;
  private block = 0n;

  revert(hash: TransactionHash): this {
    this.reverted.add(hash.toLowerCase());
    return this;
  }

  /** The next `count` receipts waited for come back reverted, whatever their hash. */
  revertNext(count: number = 1): this {
    this.revertsQueued += count;
    return this;
  }

  /** The next wait rejects (a timeout, the RPC down). */
  failNext(error: unknown): this {
    this.failure = { error };
    return this;
  }

  async waitForReceipt(hash: TransactionHash): Promise<TransactionOutcome> {
    this.waited.push(hash);
    if (this.failure) {
      const { error } = this.failure;
      this.failure = undefined;
      throw error;
    }
    this.block += 1n;
    let status: TransactionOutcome["status"] = this.reverted.has(hash.toLowerCase()) ? "reverted" : "success";
    if (this.revertsQueued > 0) {
      this.revertsQueued -= 1;
      status = "reverted";
    }
    return { hash, status, blockNumber: this.block };
  }
}
