import type { DomainErrorOptions } from "./domainError";
import { DomainError } from "./domainError";

export interface ContractMismatchErrorOptions extends DomainErrorOptions {
  /** The read the contract did not answer, e.g. "paused". */
  readonly read: string;
}

/**
 * A read every deployment must answer (the spec's staking interface, ERC-20, Multicall3) failed:
 * the configured addresses do not hold the contracts the app expects. Retrying will not help.
 */
export class ContractMismatchError extends DomainError {
  readonly kind = "contract-mismatch";
  override readonly name = "ContractMismatchError";
  readonly read: string;

  constructor(options: ContractMismatchErrorOptions) {
    super(
      `The contracts on this network did not answer "${options.read}" as expected, so your figures cannot be shown.`,
      options,
    );
    this.read = options.read;
  }
}
