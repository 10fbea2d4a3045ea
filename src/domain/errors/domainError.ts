export type DomainErrorKind =
  | "user-rejected"
  | "insufficient-funds"
  | "wrong-chain"
  | "rpc-unavailable"
  | "request-timeout"
  | "contract-revert"
  | "contract-mismatch"
  | "transaction-replaced"
  | "upgrade-declined"
  | "batch-dropped"
  | "batch-partial"
  | "wallet-changed"
  | "validation"
  | "price-unavailable"
  | "unknown";

export interface DomainErrorOptions {
  /** Technical detail for logs and a "details" disclosure, never the headline. */
  readonly details?: string;
  /** The error this one translates (a viem error, an HTTP failure...). */
  readonly cause?: unknown;
}

/**
 * Base of every error the app shows. Modelled on viem's BaseError: `shortMessage` is the one line
 * the UI displays, `details` and `cause` keep what happened underneath. `kind` lets callers branch
 * without instanceof chains.
 */
export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;
  override readonly name: string = "DomainError";
  readonly shortMessage: string;
  readonly details: string | undefined;

  constructor(shortMessage: string, options: DomainErrorOptions = {}) {
    const message = options.details ? `${shortMessage}\n\nDetails: ${options.details}` : shortMessage;
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.shortMessage = shortMessage;
    this.details = options.details;
  }
}
