import type { Address } from "../../domain/address";
import type { TransactionHash } from "../../domain/transactionHash";

/** What the app asked the wallet to send (the wallet chooses the nonce and fees). */
export interface SentCall {
  readonly from: Address;
  readonly to: Address;
  readonly input: `0x${string}`;
  /**
   * The sender's next nonce as the app's node counted it just before sending (pending included):
   * what the wallet most likely used, unless it knew of a transaction the node did not.
   */
  readonly likelyNonce: number;
}

/**
 * The calls this page sent, by hash: the writer notes them, the waiter reads them. A wallet may
 * replace a transaction before the app's RPC node ever saw it (a cancel right after sending, a slow
 * node): the sender, recipient and calldata are then all the app knows to recognise the replacement.
 */
export class SentTransactionLog {
  private readonly calls = new Map<string, SentCall>();

  note(hash: TransactionHash, call: SentCall): void {
    this.calls.set(hash.toLowerCase(), call);
  }

  get(hash: TransactionHash): SentCall | undefined {
    return this.calls.get(hash.toLowerCase());
  }
}
