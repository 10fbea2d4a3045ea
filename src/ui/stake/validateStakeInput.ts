import { formatTokenExact } from "../../domain/displayFormat";
import { parseTokenQuantity } from "../../domain/parseTokenQuantity";

/** The parts of the account snapshot a stake is checked against. */
export interface StakeLimits {
  readonly pooBalance: bigint;
  readonly minStake: bigint;
}

export type StakeInputCheck =
  | { readonly ok: true; readonly quantity: bigint }
  /** `message` is undefined while the field is empty: nothing is wrong yet, Enter just waits. */
  | { readonly ok: false; readonly message: string | undefined };

export const BALANCES_LOADING_MESSAGE = "Your balances are still loading.";

/**
 * What the stake dialog says about the typed quantity, and whether Enter may send it. Runs the
 * one quantity parser, then the use case's own refusals (minimum stake, then balance) up front,
 * so a refused stake never reaches the wallet.
 */
export function validateStakeInput(text: string, limits: StakeLimits | undefined): StakeInputCheck {
  const parsed = parseTokenQuantity(text);
  if (!parsed.ok) {
    return { ok: false, message: parsed.error.code === "empty" ? undefined : parsed.error.message };
  }
  if (!limits) return { ok: false, message: BALANCES_LOADING_MESSAGE };
  if (parsed.value < limits.minStake) {
    return { ok: false, message: `The minimum stake is ${formatTokenExact(limits.minStake)} POO.` };
  }
  if (parsed.value > limits.pooBalance) {
    return { ok: false, message: `You have only ${formatTokenExact(limits.pooBalance)} POO available.` };
  }
  return { ok: true, quantity: parsed.value };
}

/** The Max button's text: the whole available balance, exactly, in a form the parser reads back. */
export function maxStakeText(pooBalance: bigint): string {
  return formatTokenExact(pooBalance);
}
