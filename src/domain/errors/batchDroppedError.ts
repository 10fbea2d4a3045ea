import type { DomainErrorOptions } from "./domainError";
import { DomainError } from "./domainError";

export interface BatchDroppedErrorOptions extends DomainErrorOptions {
  /**
   * not-included (default): the wallet will not put the batch on chain (EIP-5792 400), or no longer
   * knows it; failed: it reports a failure (500 and up) but names no transaction the app could check.
   */
  readonly reported?: "not-included" | "failed";
}

const MESSAGES = {
  "not-included": "Your wallet did not send the approval and the stake. Nothing was staked.",
  failed:
    "Your wallet reports that the approval and the stake failed, without naming a transaction. Check your wallet's activity before you stake again.",
} as const;

/**
 * The wallet accepted a batch, then reported that it will not put it on chain, or that it failed,
 * without a transaction to check: none of its calls happened as far as the app can tell.
 */
export class BatchDroppedError extends DomainError {
  readonly kind = "batch-dropped";
  override readonly name = "BatchDroppedError";
  readonly reported: "not-included" | "failed";

  constructor(options: BatchDroppedErrorOptions = {}) {
    const reported = options.reported ?? "not-included";
    super(MESSAGES[reported], options);
    this.reported = reported;
  }
}
