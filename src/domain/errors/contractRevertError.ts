import { formatTokenExact, formatUtcDateTime } from "../displayFormat";
import type { TransactionHash } from "../transactionHash";
import type { DomainErrorOptions } from "./domainError";
import { DomainError } from "./domainError";

/** Custom errors of the Staking and POO contracts (and OpenZeppelin's) that get their own message. */
export type KnownContractErrorName =
  | "BelowMinStake"
  | "StakeLocked"
  | "NothingStaked"
  | "EnforcedPause"
  | "AccountLocked"
  | "ERC20InsufficientBalance"
  | "ERC20InsufficientAllowance";

export interface ContractRevertErrorOptions extends DomainErrorOptions {
  /** The decoded custom error name; absent when the revert could not be decoded (e.g. a receipt with status 0). */
  readonly errorName?: string;
  /** The transaction that reverted on chain, for an explorer link. */
  readonly transactionHash?: TransactionHash;
  /** StakeLocked: when the stake unlocks, decoded from the error's arguments. */
  readonly unlockTime?: Date;
  /** BelowMinStake: the contract's minimum stake in base units. */
  readonly minStake?: bigint;
}

function revertMessage(options: ContractRevertErrorOptions): string {
  switch (options.errorName) {
    case "BelowMinStake":
      return options.minStake === undefined
        ? "The quantity is below the minimum stake."
        : `The minimum stake is ${formatTokenExact(options.minStake)} POO.`;
    case "StakeLocked":
      return options.unlockTime === undefined
        ? "Your stake is still locked. Try again later."
        : `Your stake is locked until ${formatUtcDateTime(options.unlockTime)}.`;
    case "NothingStaked":
      return "You have no POO staked.";
    case "EnforcedPause":
      return "The contract is paused. Try again later.";
    case "AccountLocked":
      return "This account is locked and cannot move POO.";
    case "ERC20InsufficientBalance":
      return "The token balance is too low for this transfer.";
    case "ERC20InsufficientAllowance":
      return "The staking contract is not approved for this quantity. Stake again to approve it.";
    case undefined:
      return options.transactionHash === undefined
        ? "The contract refused the transaction."
        : "The transaction failed on chain.";
    default:
      return `The contract refused the transaction (${options.errorName}).`;
  }
}

/** A contract call reverted, either when simulated or on chain (receipt status 0). */
export class ContractRevertError extends DomainError {
  readonly kind = "contract-revert";
  override readonly name = "ContractRevertError";
  readonly errorName: string | undefined;
  readonly transactionHash: TransactionHash | undefined;
  readonly unlockTime: Date | undefined;

  constructor(options: ContractRevertErrorOptions = {}) {
    const details =
      options.details ??
      (options.transactionHash === undefined ? undefined : `transaction ${options.transactionHash}`);
    super(revertMessage(options), { ...options, details });
    this.errorName = options.errorName;
    this.transactionHash = options.transactionHash;
    this.unlockTime = options.unlockTime;
  }
}
