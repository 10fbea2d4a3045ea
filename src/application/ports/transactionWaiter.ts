import type { Address } from "../../domain/address";
import type { TransactionHash } from "../../domain/transactionHash";

/** What identifies a sent transaction beyond its hash: a wallet that replaces it keeps sender and nonce. */
export interface TransactionIdentity {
  readonly from: Address;
  readonly nonce: number;
  /** Recipient, calldata and value: with them, a sped-up replacement is told from a different transaction. */
  readonly to?: Address | null;
  readonly input?: `0x${string}`;
  readonly value?: bigint;
}

/** Why the wallet put another transaction in the sent one's place (same sender, same nonce). */
export type ReplacementReason =
  /** The same call with a higher fee ("speed up"): its outcome is the call's outcome. */
  | "sped-up"
  /** A 0-value transfer to the sender itself ("cancel"): the call did not happen. */
  | "cancelled"
  /** Anything else, or a replacement mined while nobody watched (only the used nonce is known). */
  | "replaced";

export interface TransactionOutcome {
  /**
   * success / reverted: the call was mined (possibly sped up) with receipt status 1 / 0.
   * cancelled / replaced: the call was not mined; another transaction took its nonce.
   */
  readonly status: "success" | "reverted" | "cancelled" | "replaced";
  /** The transaction mined in the end: the one sent or its replacement (the one sent, when unknown). */
  readonly hash: TransactionHash;
  /** Undefined only for a replacement that could not be found. */
  readonly blockNumber: bigint | undefined;
  /** Set when the wallet replaced the sent transaction. */
  readonly replaced?: { readonly originalHash: TransactionHash; readonly reason: ReplacementReason };
}

export interface WaitForOutcomeOptions {
  /** Sender and nonce stored from an earlier visit, so a replacement mined meanwhile is still found. */
  readonly known?: TransactionIdentity;
  /** Called once the chain knows the sent transaction (store the identity to settle it after a reload). */
  readonly onSeen?: (identity: TransactionIdentity) => void;
}

/**
 * Waits on `chainId` (the chain the transaction was sent to, whatever the wallet is on now) until a
 * sent transaction is settled: mined (success or reverted, following a speed-up to its new hash) or
 * replaced (cancelled in the wallet). Rejects only when the wait itself fails (RequestTimeoutError,
 * RpcUnavailableError, ...): the transaction is then still pending.
 */
export interface TransactionWaiter {
  waitForOutcome(
    hash: TransactionHash,
    chainId: number,
    options?: WaitForOutcomeOptions,
  ): Promise<TransactionOutcome>;
}
