import type { DomainErrorOptions } from "./domainError";
import { DomainError } from "./domainError";

/** The user declined a request (connect, approve, sign) in the wallet. */
export class UserRejectedError extends DomainError {
  readonly kind = "user-rejected";
  override readonly name = "UserRejectedError";

  constructor(options: DomainErrorOptions = {}) {
    super("You rejected the request in your wallet.", options);
  }
}
