import type { DomainErrorOptions } from "./domainError";
import { DomainError } from "./domainError";

/** Anything no adapter could classify. The cause keeps the original for logs. */
export class UnknownError extends DomainError {
  readonly kind = "unknown";
  override readonly name = "UnknownError";

  constructor(options: DomainErrorOptions = {}) {
    super("Something went wrong. Please try again.", options);
  }
}
