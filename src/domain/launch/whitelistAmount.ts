import { formatTokenAmount, formatTokenExact } from "../displayFormat";
import { parseTokenQuantity, type QuantityErrorCode } from "../parseTokenQuantity";
import { plainDecimal } from "../plainDecimal";
import { TOKEN_DECIMALS } from "../tokenDecimals";

/** ETH left in the wallet by the Max button, so the contribution transaction can still pay for gas. */
export const WHITELIST_GAS_RESERVE_WEI = 5n * 10n ** 15n; // 0.005 ETH

/** A launch's contribution bounds in wei, both inclusive. */
export interface ContributionLimits {
  readonly minWei: bigint;
  readonly maxWei: bigint;
}

/** Exact wei of an ETH figure from the catalogue (0.01 -> 10^16, 0.1 -> 10^17). */
export function ethToWei(eth: number): bigint {
  if (!Number.isFinite(eth) || eth < 0) throw new RangeError(`Unusable ETH figure: ${eth}`);
  if (eth === 0) return 0n;
  const parsed = parseTokenQuantity(plainDecimal(eth), TOKEN_DECIMALS);
  if (!parsed.ok) throw new RangeError(`Unusable ETH figure: ${eth}`);
  return parsed.value;
}

export function contributionLimits(contribution: { minEth: number; maxEth: number }): ContributionLimits {
  return { minWei: ethToWei(contribution.minEth), maxWei: ethToWei(contribution.maxEth) };
}

export type WhitelistAmountProblem =
  "empty" | "malformed" | "below-min" | "above-max" | "balance-loading" | "above-balance";

export type WhitelistAmountCheck =
  | { readonly ok: true; readonly amountWei: bigint }
  /** `message` is undefined for an empty field: nothing is wrong yet, Confirm just waits. */
  | { readonly ok: false; readonly problem: WhitelistAmountProblem; readonly message: string | undefined };

const PARSER_MESSAGES: Partial<Record<QuantityErrorCode, string>> = {
  negative: "The amount cannot be negative.",
  "not-a-number": "Enter an amount of ETH, e.g. 0.5.",
};

function refuse(problem: WhitelistAmountProblem, message: string | undefined): WhitelistAmountCheck {
  return { ok: false, problem, message };
}

/**
 * What the whitelist dialog says about the typed ETH amount and whether Confirm may send it: the
 * one decimal parser (text -> wei, exact), then the launch's bounds, then the wallet's ETH balance
 * (undefined while it loads).
 */
export function validateWhitelistAmount(
  text: string,
  limits: ContributionLimits,
  balanceWei: bigint | undefined,
): WhitelistAmountCheck {
  const parsed = parseTokenQuantity(text);
  const minText = `The minimum contribution is ${formatTokenExact(limits.minWei)} ETH.`;
  if (!parsed.ok) {
    const { code, message } = parsed.error;
    if (code === "empty") return refuse("empty", undefined);
    if (code === "zero") return refuse("below-min", minText);
    return refuse("malformed", PARSER_MESSAGES[code] ?? message);
  }
  const amountWei = parsed.value;
  if (amountWei < limits.minWei) return refuse("below-min", minText);
  if (amountWei > limits.maxWei)
    return refuse("above-max", `The maximum contribution is ${formatTokenExact(limits.maxWei)} ETH.`);
  if (balanceWei === undefined) return refuse("balance-loading", "Your ETH balance is still loading.");
  if (amountWei > balanceWei)
    return refuse("above-balance", `That is more than your balance of ${formatTokenAmount(balanceWei)} ETH.`);
  return { ok: true, amountWei };
}

/** The Max button: the launch's maximum, or the balance less the gas reserve if that is smaller. */
export function maxWhitelistAmountWei(
  balanceWei: bigint,
  limits: ContributionLimits,
  gasReserveWei: bigint = WHITELIST_GAS_RESERVE_WEI,
): bigint {
  const spendable = balanceWei > gasReserveWei ? balanceWei - gasReserveWei : 0n;
  return spendable < limits.maxWei ? spendable : limits.maxWei;
}

/** Wei as text the amount input (and its parser) reads back exactly: "2", "0.995". */
export function weiToAmountText(wei: bigint): string {
  return formatTokenExact(wei);
}
