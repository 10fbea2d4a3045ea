import type { DomainErrorOptions } from "./domainError";
import { DomainError } from "./domainError";

/**
 * The wallet accepted a batch, then reported that it will not put it on chain (EIP-5792 status 400),
 * or no longer knows it: none of its calls happened as far as the app can tell.
 */
export class BatchDroppedError extends DomainError {
  readonly kind = "batch-dropped";
  override readonly name = "BatchDroppedError";

  constructor(options: DomainErrorOptions = {}) {
    super("Your wallet did not send the approval and the stake. Nothing was staked.", options);
  }
}
