import type { TransactionHash } from "../transactionHash";
import type { DomainErrorOptions } from "./domainError";
import { DomainError } from "./domainError";

/** What the replaced transaction was for, in the words of the result message. */
export type ReplacedAction = "approval" | "stake" | "unstake";

export interface TransactionReplacedErrorOptions extends DomainErrorOptions {
  readonly action: ReplacedAction;
  /** cancelled: the wallet's cancel (a 0-value transfer to oneself); replaced: anything else. */
  readonly reason: "cancelled" | "replaced";
  /** The transaction that took the nonce (the cancel), or the sent one when the other is unknown. */
  readonly transactionHash: TransactionHash;
  readonly originalHash: TransactionHash;
}

function message({ action, reason }: TransactionReplacedErrorOptions): string {
  const consequence = action === "unstake" ? "Your POO stays staked." : "Nothing was staked.";
  const what = action === "approval" ? "The approval" : action === "stake" ? "Your stake" : "Your unstake";
  if (reason === "cancelled") return `${what} was cancelled in your wallet. ${consequence}`;
  return `${what} was replaced by another transaction in your wallet. ${consequence} Check your wallet's activity.`;
}

/** The wallet put another transaction in place of the one the app sent: its call did not happen. */
export class TransactionReplacedError extends DomainError {
  readonly kind = "transaction-replaced";
  override readonly name = "TransactionReplacedError";
  readonly reason: TransactionReplacedErrorOptions["reason"];
  readonly transactionHash: TransactionHash;
  readonly originalHash: TransactionHash;

  constructor(options: TransactionReplacedErrorOptions) {
    super(message(options), {
      ...options,
      details:
        options.details ?? `transaction ${options.originalHash} replaced by ${options.transactionHash}`,
    });
    this.reason = options.reason;
    this.transactionHash = options.transactionHash;
    this.originalHash = options.originalHash;
  }
}
