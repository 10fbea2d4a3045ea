import { ContractRevertError } from "../../domain/errors/contractRevertError";
import type { DomainError } from "../../domain/errors/domainError";
import { TransactionReplacedError, type ReplacedAction } from "../../domain/errors/transactionReplacedError";
import type { TransactionHash } from "../../domain/transactionHash";
import type { TransactionIdentity, TransactionOutcome, TransactionWaiter } from "../ports/transactionWaiter";

/** The transactions the staking flows send. */
export type TransactionKind = "approve" | "stake" | "withdraw";

/**
 * The life of one transaction of a flow, as it happens. Each transaction settles on its own
 * receipt, so a record is never left pending because a later step failed.
 */
export type TransactionEvent =
  /** The wallet is asked to sign (nothing sent yet). */
  | { readonly type: "requested"; readonly kind: TransactionKind }
  /** The wallet sent it: the hash is known. */
  | { readonly type: "sent"; readonly kind: TransactionKind; readonly hash: TransactionHash }
  /** The chain knows it: sender and nonce, to settle it even after a reload. */
  | {
      readonly type: "seen";
      readonly kind: TransactionKind;
      readonly hash: TransactionHash;
      readonly identity: TransactionIdentity;
    }
  /** Mined or replaced. `hash` is the one sent; `outcome.hash` the one mined. */
  | {
      readonly type: "settled";
      readonly kind: TransactionKind;
      readonly hash: TransactionHash;
      readonly outcome: TransactionOutcome;
    };

export type TransactionEventListener = (event: TransactionEvent) => void;

/** Asks the wallet to send, then waits for the outcome on `chainId`, reporting each step. */
export async function trackTransaction(
  kind: TransactionKind,
  chainId: number,
  send: () => Promise<TransactionHash>,
  waiter: TransactionWaiter,
  onEvent: TransactionEventListener | undefined,
): Promise<TransactionOutcome> {
  onEvent?.({ type: "requested", kind });
  const hash = await send();
  onEvent?.({ type: "sent", kind, hash });
  const outcome = await waiter.waitForOutcome(hash, chainId, {
    onSeen: (identity) => onEvent?.({ type: "seen", kind, hash, identity }),
  });
  onEvent?.({ type: "settled", kind, hash, outcome });
  return outcome;
}

const ACTIONS: Record<TransactionKind, ReplacedAction> = {
  approve: "approval",
  stake: "stake",
  withdraw: "unstake",
};

/** The error an outcome other than success stands for; undefined for success. */
export function outcomeError(kind: TransactionKind, outcome: TransactionOutcome): DomainError | undefined {
  switch (outcome.status) {
    case "success":
      return undefined;
    case "reverted":
      return new ContractRevertError({ transactionHash: outcome.hash });
    case "cancelled":
    case "replaced":
      return new TransactionReplacedError({
        action: ACTIONS[kind],
        reason: outcome.status,
        transactionHash: outcome.hash,
        originalHash: outcome.replaced?.originalHash ?? outcome.hash,
      });
  }
}
