import type { DomainErrorKind, DomainErrorOptions } from "../errors/domainError";
import { DomainError } from "../errors/domainError";

/** Why the launchpad service refused a request. */
export type LaunchpadRefusal =
  /** No session, or it expired: sign in with the wallet, then retry. */
  | "sign-in-required"
  /** Below the whitelist threshold (at least 100 USD of POO). */
  | "ineligible"
  /** The request itself was refused (a field out of range, a cross-origin request). */
  | "invalid"
  /** The launch does not exist or is not open for registration. */
  | "not-open"
  | "rate-limited"
  /** The service (or what it depends on: price, chain) cannot answer right now. */
  | "unavailable";

const KIND_BY_REFUSAL: Record<LaunchpadRefusal, DomainErrorKind> = {
  "sign-in-required": "validation",
  ineligible: "validation",
  invalid: "validation",
  "not-open": "validation",
  "rate-limited": "validation",
  unavailable: "rpc-unavailable",
};

/**
 * A refusal from the launchpad API. `shortMessage` is the server's own sentence (written for the
 * user), so the dialog shows exactly why; `reason` lets the UI react (e.g. ask to sign in).
 */
export class LaunchpadRequestError extends DomainError {
  readonly kind: DomainErrorKind;
  override readonly name = "LaunchpadRequestError";
  readonly reason: LaunchpadRefusal;

  constructor(reason: LaunchpadRefusal, message: string, options: DomainErrorOptions = {}) {
    super(message, options);
    this.reason = reason;
    this.kind = KIND_BY_REFUSAL[reason];
  }
}
