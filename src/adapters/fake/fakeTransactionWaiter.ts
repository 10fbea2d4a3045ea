import type {
  TransactionOutcome,
  TransactionWaiter,
  WaitForOutcomeOptions,
} from "../../application/ports/transactionWaiter";
import type { TransactionHash } from "../../domain/transactionHash";
import { fakeTransactionHash } from "./fakeTransactionHash";
import { toAddress } from "../../domain/address";

/** How the fake settles a transaction it is asked to wait for. */
export type FakeSettlement = "success" | "reverted" | "sped-up" | "cancelled" | "replaced";

export interface FakeWait {
  readonly hash: TransactionHash;
  readonly chainId: number;
  readonly options: WaitForOutcomeOptions | undefined;
}

const FAKE_SENDER = toAddress("0x00000000000000000000000000000000000000f0");

/**
 * Every transaction is mined successfully unless the test queued another settlement (settleNext,
 * revertNext) or one for its hash (settle). Replacements get a new hash; `onSeen` is called with a
 * made-up sender and nonce. Keeps the waits, in order.
 */
export class FakeTransactionWaiter implements TransactionWaiter {
  readonly waits: FakeWait[] = [];
  private readonly byHash = new Map<string, FakeSettlement>();
  private readonly queued: FakeSettlement[] = [];
  private failure: { readonly error: unknown } | undefined;
  private block = 0n;
  private replacements = 0;

  /** The hashes waited for, in order. */
  get waited(): TransactionHash[] {
    return this.waits.map((wait) => wait.hash);
  }

  settle(hash: TransactionHash, settlement: FakeSettlement): this {
    this.byHash.set(hash.toLowerCase(), settlement);
    return this;
  }

  /** The next wait, whatever its hash, settles this way. */
  settleNext(settlement: FakeSettlement): this {
    this.queued.push(settlement);
    return this;
  }

  revert(hash: TransactionHash): this {
    return this.settle(hash, "reverted");
  }

  /** The next `count` waits come back reverted, whatever their hash. */
  revertNext(count: number = 1): this {
    for (let i = 0; i < count; i++) this.queued.push("reverted");
    return this;
  }

  /** The next wait rejects (a timeout, the RPC down). */
  failNext(error: unknown): this {
    this.failure = { error };
    return this;
  }

  async waitForOutcome(
    hash: TransactionHash,
    chainId: number,
    options?: WaitForOutcomeOptions,
  ): Promise<TransactionOutcome> {
    this.waits.push({ hash, chainId, options });
    if (this.failure) {
      const { error } = this.failure;
      this.failure = undefined;
      throw error;
    }
    options?.onSeen?.({ from: options.known?.from ?? FAKE_SENDER, nonce: this.waits.length - 1 });
    this.block += 1n;
    const settlement = this.queued.shift() ?? this.byHash.get(hash.toLowerCase()) ?? "success";
    if (settlement === "success" || settlement === "reverted") {
      return { status: settlement, hash, blockNumber: this.block };
    }
    this.replacements += 1;
    const replacement = fakeTransactionHash(0xe0, this.replacements);
    const replaced = { originalHash: hash, reason: settlement };
    if (settlement === "sped-up")
      return { status: "success", hash: replacement, blockNumber: this.block, replaced };
    return { status: settlement, hash: replacement, blockNumber: this.block, replaced };
  }
}
