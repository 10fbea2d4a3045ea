import type { TransactionHash } from "../../domain/transactionHash";
import type { BatchOutcome } from "../ports/stakeBatchGateway";
import { walletBatchSettled } from "./walletBatchSettled";

/** One transaction the wallet named for a batch, as the app's own RPC sees it once mined. */
export interface CheckedBatchReceipt {
  readonly hash: TransactionHash;
  readonly blockNumber: bigint;
  /** Mined with status 0. */
  readonly reverted: boolean;
  /** Its logs hold the stake's POO transfer from the account to the pool. */
  readonly staked: boolean;
  /** Its logs hold the account's approval of the pool: the quantity approved. */
  readonly approved: bigint | undefined;
  /** A 0-value transfer from the account to itself without calldata: the wallet's cancel. */
  readonly cancel: boolean;
}

/** What the wallet answered (wallet_getCallsStatus), with every receipt it gave checked on the chain. */
export interface WalletBatchReport {
  /** EIP-5792: 100 pending, 200 confirmed, 400 not included, 500 reverted, 600 partially reverted. */
  readonly statusCode: number;
  readonly receipts: readonly CheckedBatchReceipt[];
}

export interface BatchVerdict {
  /** The outcome, but for `failedCall`, which only a replay can tell. */
  readonly outcome: BatchOutcome;
  /** A call reverted in this block: replay the batch's calls there (and just before) for the reason. */
  readonly replayBlock?: bigint;
}

/**
 * How an approve-and-stake batch ended, from every receipt the wallet gave (each checked on the
 * app's RPC) and its status code. What the chain shows decides; the wallet's code decides only where
 * its receipts show nothing (it named no transaction), so a wallet's word alone is never a success
 * and a wrong code never hides what happened:
 *
 * | the checked receipts                           | outcome                                     |
 * | ---------------------------------------------- | ------------------------------------------- |
 * | one holds the stake's transfer                 | success (that transaction)                  |
 * | one reverted, another holds the approval       | partial, replayed at the revert             |
 * | one reverted, no approval went through         | reverted, replayed at the revert            |
 * | one holds the approval, none the stake         | partial (the stake did not go through)      |
 * | mined, but neither (a cancel / anything else)  | cancelled / replaced                        |
 * | none, status 4xx                               | dropped                                     |
 * | none, status 3xx, 5xx, 6xx and up              | failed (the wallet's word, nothing to link) |
 *
 * `atomic` (even `false` for a batch sent with atomicRequired) plays no part: the chain is read the
 * same way. Undefined while the status is not settled (walletBatchSettled): keep waiting.
 */
export function judgeBatchOutcome({ statusCode, receipts }: WalletBatchReport): BatchVerdict | undefined {
  if (!walletBatchSettled(statusCode, receipts.length)) return undefined;
  const mined = (receipt: CheckedBatchReceipt) => ({ hash: receipt.hash, blockNumber: receipt.blockNumber });
  const succeeded = receipts.filter((receipt) => !receipt.reverted);
  const approvedIn = succeeded.find((receipt) => receipt.approved !== undefined);
  const approval =
    approvedIn?.approved === undefined ? undefined : { hash: approvedIn.hash, amount: approvedIn.approved };
  const withApproval = approval ? { approval } : {};

  const staked = succeeded.find((receipt) => receipt.staked);
  if (staked) return { outcome: { status: "success", ...mined(staked), ...withApproval } };

  const reverted = receipts.find((receipt) => receipt.reverted);
  if (reverted) {
    return {
      outcome: { status: approval ? "partial" : "reverted", ...mined(reverted), ...withApproval },
      replayBlock: reverted.blockNumber,
    };
  }
  if (approvedIn && approval) return { outcome: { status: "partial", ...mined(approvedIn), approval } };

  const [first] = receipts;
  if (first) {
    const cancel = receipts.find((receipt) => receipt.cancel);
    return { outcome: { status: cancel ? "cancelled" : "replaced", ...mined(cancel ?? first) } };
  }
  const nothing = { hash: undefined, blockNumber: undefined };
  const notIncluded = statusCode >= 400 && statusCode < 500;
  return { outcome: { status: notIncluded ? "dropped" : "failed", ...nothing } };
}
