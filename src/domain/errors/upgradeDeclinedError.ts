import type { DomainErrorOptions } from "./domainError";
import { DomainError } from "./domainError";

/**
 * The wallet offered to upgrade the account to batch calls (EIP-7702) and the user declined
 * (EIP-5792 error 5750): nothing was sent; the calls can still go one by one.
 */
export class UpgradeDeclinedError extends DomainError {
  readonly kind = "upgrade-declined";
  override readonly name = "UpgradeDeclinedError";

  constructor(options: DomainErrorOptions = {}) {
    super("You declined the account upgrade in your wallet.", options);
  }
}
