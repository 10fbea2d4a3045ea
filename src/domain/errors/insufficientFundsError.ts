import type { DomainErrorOptions } from "./domainError";
import { DomainError } from "./domainError";

/** The account cannot pay the network fee (gas) for the transaction. */
export class InsufficientFundsError extends DomainError {
  readonly kind = "insufficient-funds";
  override readonly name = "InsufficientFundsError";

  constructor(options: DomainErrorOptions = {}) {
    super("Not enough ETH to pay the network fee. Add ETH to your wallet and try again.", options);
  }
}
