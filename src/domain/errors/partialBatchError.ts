import { formatTokenExact } from "../displayFormat";
import type { TransactionHash } from "../transactionHash";
import type { ContractRevertError } from "./contractRevertError";
import type { DomainErrorOptions } from "./domainError";
import { DomainError } from "./domainError";

export interface PartialBatchErrorOptions extends DomainErrorOptions {
  /** The mined approval, and the quantity it lets the pool take (read from its Approval log). */
  readonly approvalHash: TransactionHash;
  readonly approvedAmount: bigint;
  /** The stake's transaction mined with status 0; absent when no stake transaction was mined. */
  readonly stakeHash?: TransactionHash;
  /** Why the stake failed, when a replay tells. */
  readonly stakeReason?: ContractRevertError;
}

function message(options: PartialBatchErrorOptions): string {
  const { stakeHash, stakeReason } = options;
  const stake =
    stakeHash === undefined
      ? "The stake did not go through."
      : stakeReason?.decoded
        ? stakeReason.minedAs("stake", stakeHash).shortMessage
        : "The stake failed on chain.";
  return `Approved but not staked. ${stake} Your approval of ${formatTokenExact(options.approvedAmount)} POO stays: stake again to use it, or revoke it in your wallet.`;
}

/**
 * Part of an approve-and-stake batch happened on chain: the approval went through (its transaction
 * was mined) but the stake did not (it reverted, or was never mined), as a wallet that runs a batch
 * as several transactions can leave it (EIP-5792 600, or a 500 that hid the mined approval). Says
 * what the chain now holds and what the user can do about it.
 */
export class PartialBatchError extends DomainError {
  readonly kind = "batch-partial";
  override readonly name = "PartialBatchError";
  /** The transaction to link: the stake that reverted, else the approval. */
  readonly transactionHash: TransactionHash;
  readonly approvalHash: TransactionHash;
  readonly approvedAmount: bigint;

  constructor(options: PartialBatchErrorOptions) {
    const details =
      options.details ??
      `approval ${options.approvalHash}` + (options.stakeHash ? `, stake ${options.stakeHash}` : "");
    super(message(options), { ...options, details, cause: options.cause ?? options.stakeReason });
    this.transactionHash = options.stakeHash ?? options.approvalHash;
    this.approvalHash = options.approvalHash;
    this.approvedAmount = options.approvedAmount;
  }
}
