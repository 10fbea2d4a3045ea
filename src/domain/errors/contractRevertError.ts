import { formatTokenExact, formatUtcDateTime } from "../displayFormat";
import { forbiddenCharacter } from "../forbiddenCharacter";
import type { TransactionHash } from "../transactionHash";
import type { DomainErrorOptions } from "./domainError";
import { DomainError } from "./domainError";
import { panicCodeHex, panicReason } from "./panicReason";

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
  /**
   * The decoded error: a custom error's name, "Error" for `require(cond, "reason")` / `revert("reason")`,
   * "Panic" for Solidity's panics; absent when the revert could not be decoded (e.g. a receipt with status 0).
   */
  readonly errorName?: string;
  /** Error(string): the contract's own words. */
  readonly reason?: string;
  /** Panic(uint256): the code (0x11 overflow, 0x12 division by zero...). */
  readonly panicCode?: number;
  /** A custom error the project's ABIs do not know: its 4-byte selector. */
  readonly selector?: string;
  /** The transaction that reverted on chain, for an explorer link. */
  readonly transactionHash?: TransactionHash;
  /** StakeLocked: when the stake unlocks, decoded from the error's arguments. */
  readonly unlockTime?: Date;
  /** BelowMinStake: the contract's minimum stake in base units. */
  readonly minStake?: bigint;
  /**
   * What was mined with status 0 and replayed to find the reason: with a decoded reason the message
   * names it ("The stake failed on chain: the pool is paused."). Goes with `transactionHash`.
   */
  readonly failedAction?: FailedAction;
}

/** A mined call that failed, in the words of the message. */
export type FailedAction = "approval" | "stake" | "unstake";

/** Longest contract reason shown; longer ones are cut (they come from any contract, unchecked). */
const MAX_REASON_LENGTH = 160;

/** The contract's reason as one clean sentence: control characters out, length capped, a full stop. */
function sentence(reason: string): string {
  const clean = [...reason]
    .map((char) => (forbiddenCharacter(char, { lineBreaks: false }) === undefined ? char : " "))
    .join("")
    .replace(/ {2,}/g, " ")
    .trim();
  const cut = clean.length > MAX_REASON_LENGTH ? `${clean.slice(0, MAX_REASON_LENGTH).trimEnd()}…` : clean;
  return /[.!?…]$/.test(cut) ? cut : `${cut}.`;
}

/**
 * The decoded reason as the second half of "The stake failed on chain: …", in the same words as the
 * simulated revert's message; undefined when the revert was not decoded.
 */
function minedReason(options: ContractRevertErrorOptions): string | undefined {
  switch (options.errorName) {
    case "Error":
      return options.reason !== undefined && sentence(options.reason) !== "."
        ? sentence(options.reason)
        : undefined;
    case "Panic":
      return options.panicCode === undefined
        ? "an internal error (panic)."
        : `${panicReason(options.panicCode)} (panic ${panicCodeHex(options.panicCode)}).`;
    case "BelowMinStake":
      return options.minStake === undefined
        ? "the quantity is below the minimum stake."
        : `the minimum stake is ${formatTokenExact(options.minStake)} POO.`;
    case "StakeLocked":
      return options.unlockTime === undefined
        ? "your stake is still locked."
        : `your stake is locked until ${formatUtcDateTime(options.unlockTime)}.`;
    case "NothingStaked":
      return "you have no POO staked.";
    case "EnforcedPause":
      return "the pool is paused.";
    case "AccountLocked":
      return "this account is locked and cannot move POO.";
    case "ERC20InsufficientBalance":
      return "the token balance is too low for this transfer.";
    case "ERC20InsufficientAllowance":
      return "the staking contract is not approved for this quantity.";
    case undefined:
      return options.selector === undefined ? undefined : `unrecognised error ${options.selector}.`;
    default:
      return `the contract's error ${options.errorName}.`;
  }
}

function revertMessage(options: ContractRevertErrorOptions): string {
  if (options.failedAction !== undefined && options.transactionHash !== undefined) {
    const reason = minedReason(options);
    return reason === undefined
      ? "The transaction failed on chain."
      : `The ${options.failedAction} failed on chain: ${reason}`;
  }
  switch (options.errorName) {
    case "Error":
      return options.reason !== undefined && sentence(options.reason) !== "."
        ? `The contract refused the transaction: ${sentence(options.reason)}`
        : "The contract refused the transaction.";
    case "Panic":
      return options.panicCode === undefined
        ? "The contract failed with an internal error (panic)."
        : `The contract failed with ${panicReason(options.panicCode)} (panic ${panicCodeHex(options.panicCode)}).`;
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
      if (options.selector !== undefined)
        return `The contract refused the transaction (unrecognised error ${options.selector}).`;
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
  readonly reason: string | undefined;
  readonly panicCode: number | undefined;
  readonly transactionHash: TransactionHash | undefined;
  readonly unlockTime: Date | undefined;
  private readonly options: ContractRevertErrorOptions;

  constructor(options: ContractRevertErrorOptions = {}) {
    const details =
      options.details ??
      (options.transactionHash === undefined ? undefined : `transaction ${options.transactionHash}`);
    super(revertMessage(options), { ...options, details });
    this.errorName = options.errorName;
    this.reason = options.reason;
    this.panicCode = options.panicCode;
    this.transactionHash = options.transactionHash;
    this.unlockTime = options.unlockTime;
    this.options = options;
  }

  /**
   * This revert (found by replaying a mined transaction) as the reason the transaction `hash`
   * failed on chain: the same decoded reason, said as "The stake failed on chain: …", with the link.
   */
  minedAs(failedAction: FailedAction, transactionHash: TransactionHash): ContractRevertError {
    return new ContractRevertError({
      ...this.options,
      details: undefined,
      cause: this,
      failedAction,
      transactionHash,
    });
  }
}
