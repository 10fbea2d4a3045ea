import { formatTokenExact, formatUtcDateTime } from "../displayFormat";
import type { DomainErrorOptions } from "./domainError";
import { DomainError } from "./domainError";

/** Why the app refused an action before sending anything. */
export type ValidationReason =
  | { readonly code: "not-positive" }
  | { readonly code: "above-balance"; readonly balance: bigint }
  | { readonly code: "below-min-stake"; readonly minStake: bigint }
  | { readonly code: "nothing-staked" }
  | { readonly code: "stake-locked"; readonly unlockTime: Date }
  | { readonly code: "paused" };

function validationMessage(reason: ValidationReason): string {
  switch (reason.code) {
    case "not-positive":
      return "Enter a quantity greater than 0.";
    case "above-balance":
      return `The quantity is more than your balance of ${formatTokenExact(reason.balance)} POO.`;
    case "below-min-stake":
      return `The minimum stake is ${formatTokenExact(reason.minStake)} POO.`;
    case "nothing-staked":
      return "You have no POO staked.";
    case "stake-locked":
      return `Too early to unstake: possible from ${formatUtcDateTime(reason.unlockTime)}.`;
    case "paused":
      return "Staking is paused on this pool. Nothing was sent; try again once it reopens.";
  }
}

/** An action refused by the app's own checks; nothing was sent to the wallet. */
export class ValidationError extends DomainError {
  readonly kind = "validation";
  override readonly name = "ValidationError";
  readonly reason: ValidationReason;

  constructor(reason: ValidationReason, options: DomainErrorOptions = {}) {
    super(validationMessage(reason), options);
    this.reason = reason;
  }
}
