import { ContractRevertError } from "../../domain/errors/contractRevertError";
import type { DomainError } from "../../domain/errors/domainError";
import { TransactionReplacedError, type ReplacedAction } from "../../domain/errors/transactionReplacedError";
import type { TransactionHash } from "../../domain/transactionHash";
import type { BatchId, BatchOutcome } from "../ports/stakeBatchGateway";
import type { TransactionReplayer } from "../ports/transactionReplayer";
import type { TransactionIdentity, TransactionOutcome, TransactionWaiter } from "../ports/transactionWaiter";

/** What the staking flows send: one transaction each, or the approval and the stake in one batch. */
export type TransactionKind = "approve" | "stake" | "withdraw" | "approve-and-stake";

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
    }
  /** The wallet accepted a batch: its id (the transaction's hash comes only once it is mined). */
  | { readonly type: "batch-sent"; readonly kind: TransactionKind; readonly batchId: BatchId }
  /** The batch settled, as checked on the chain. */
  | {
      readonly type: "batch-settled";
      readonly kind: TransactionKind;
      readonly batchId: BatchId;
      readonly outcome: BatchOutcome;
    }
  /** The user declined the account upgrade: the batch's calls go as separate transactions. */
  | { readonly type: "fallback"; readonly kind: TransactionKind; readonly reason: "upgrade-declined" };

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
  "approve-and-stake": "stake",
};

/**
 * The error an outcome other than success stands for; undefined for success. A transaction mined
 * with status 0 is replayed for its reason (TransactionReplayer): "The stake failed on chain: the pool
 * is paused."; when the replay cannot tell, "The transaction failed on chain."
 */
export async function outcomeError(
  kind: TransactionKind,
  chainId: number,
  outcome: TransactionOutcome,
  replayer: TransactionReplayer,
): Promise<DomainError | undefined> {
  switch (outcome.status) {
    case "success":
      return undefined;
    case "reverted": {
      const why = await replayer.whyReverted(outcome.hash, chainId);
      return (
        why?.minedAs(ACTIONS[kind], outcome.hash) ??
        new ContractRevertError({ transactionHash: outcome.hash, failedAction: ACTIONS[kind] })
      );
    }
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
