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

/** A decoded reason, said two ways: alone (the simulated revert's message) and as a mined call's. */
interface DecodedReason {
  /** The whole message when the revert was simulated: "The contract is paused. Try again later." */
  readonly alone: string;
  /** The second half of "The stake failed on chain: …": "the pool is paused." */
  readonly clause: string;
}

/** A reason whose message alone is its clause with a capital, and `advice` after it. */
function said(clause: string, advice = ""): DecodedReason {
  return { alone: `${clause.charAt(0).toUpperCase()}${clause.slice(1)}${advice}`, clause };
}

/** The one table of decoded reasons; undefined when the revert was not decoded. */
function decodedReason(options: ContractRevertErrorOptions): DecodedReason | undefined {
  switch (options.errorName) {
    case "Error": {
      if (options.reason === undefined || sentence(options.reason) === ".") return undefined;
      const clause = sentence(options.reason);
      return { alone: `The contract refused the transaction: ${clause}`, clause };
    }
    case "Panic": {
      const clause =
        options.panicCode === undefined
          ? "an internal error (panic)."
          : `${panicReason(options.panicCode)} (panic ${panicCodeHex(options.panicCode)}).`;
      return { alone: `The contract failed with ${clause}`, clause };
    }
    case "BelowMinStake":
      return said(
        options.minStake === undefined
          ? "the quantity is below the minimum stake."
          : `the minimum stake is ${formatTokenExact(options.minStake)} POO.`,
      );
    case "StakeLocked":
      return options.unlockTime === undefined
        ? said("your stake is still locked.", " Try again later.")
        : said(`your stake is locked until ${formatUtcDateTime(options.unlockTime)}.`);
    case "NothingStaked":
      return said("you have no POO staked.");
    case "EnforcedPause":
      return { alone: "The contract is paused. Try again later.", clause: "the pool is paused." };
    case "AccountLocked":
      return said("this account is locked and cannot move POO.");
    case "ERC20InsufficientBalance":
      return said("the token balance is too low for this transfer.");
    case "ERC20InsufficientAllowance":
      return said("the staking contract is not approved for this quantity.", " Stake again to approve it.");
    case undefined:
      return options.selector === undefined
        ? undefined
        : {
            alone: `The contract refused the transaction (unrecognised error ${options.selector}).`,
            clause: `unrecognised error ${options.selector}.`,
          };
    default:
      return {
        alone: `The contract refused the transaction (${options.errorName}).`,
        clause: `the contract's error ${options.errorName}.`,
      };
  }
}

function revertMessage(options: ContractRevertErrorOptions): string {
  const reason = decodedReason(options);
  if (options.failedAction !== undefined && options.transactionHash !== undefined) {
    return reason === undefined
      ? "The transaction failed on chain."
      : `The ${options.failedAction} failed on chain: ${reason.clause}`;
  }
  if (reason !== undefined) return reason.alone;
  // Not decoded: a receipt with status 0 says only that it failed.
  return options.errorName === undefined && options.transactionHash !== undefined
    ? "The transaction failed on chain."
    : "The contract refused the transaction.";
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

  /** The revert says why (a decoded error or reason), not only that the call failed. */
  get decoded(): boolean {
    return decodedReason(this.options) !== undefined;
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
