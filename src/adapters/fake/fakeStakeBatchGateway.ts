import type { Signer } from "../../application/ports/signer";
import type { BatchId, BatchOutcome, StakeBatchGateway } from "../../application/ports/stakeBatchGateway";
import type { AtomicBatching } from "../../domain/stakeSending";
import { fakeTransactionHash } from "./fakeTransactionHash";

export interface FakeBatch {
  readonly batchId: BatchId;
  readonly signer: Signer;
  readonly amount: bigint;
}

/**
 * A wallet's batching, in memory: the capability the test sets (default "unsupported"), batches
 * recorded as sent and settled successfully in one made-up transaction, unless the test queued a
 * failure of the send (failNextSend) or another outcome (settleNext).
 */
export class FakeStakeBatchGateway implements StakeBatchGateway {
  readonly sent: FakeBatch[] = [];
  readonly waited: BatchId[] = [];
  readonly capabilityAsks: Signer[] = [];
  private capability: AtomicBatching | Error = "unsupported";
  private sendFailure: { readonly error: unknown } | undefined;
  private readonly outcomes: Array<Partial<BatchOutcome>> = [];

  /** The capability answered, or an error thrown when asked. */
  setCapability(capability: AtomicBatching | Error): this {
    this.capability = capability;
    return this;
  }

  failNextSend(error: unknown): this {
    this.sendFailure = { error };
    return this;
  }

  /** The next batch settles with these fields over a success. */
  settleNext(outcome: Partial<BatchOutcome>): this {
    this.outcomes.push(outcome);
    return this;
  }

  async atomicBatching(signer: Signer): Promise<AtomicBatching> {
    this.capabilityAsks.push(signer);
    if (this.capability instanceof Error) throw this.capability;
    return this.capability;
  }

  async sendApproveAndStake(signer: Signer, amount: bigint): Promise<BatchId> {
    if (this.sendFailure) {
      const { error } = this.sendFailure;
      this.sendFailure = undefined;
      throw error;
    }
    const batchId = `0xba7c4${this.sent.length + 1}`;
    this.sent.push({ batchId, signer, amount });
    return batchId;
  }

  async waitForBatch(batchId: BatchId): Promise<BatchOutcome> {
    this.waited.push(batchId);
    const success: BatchOutcome = {
      status: "success",
      hash: fakeTransactionHash(0xba, this.waited.length),
      blockNumber: BigInt(this.waited.length),
    };
    return { ...success, ...this.outcomes.shift() };
  }
}
