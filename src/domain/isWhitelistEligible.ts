import { tokenValueUsd } from "./tokenValueUsd";

/** A wallet may join a launch whitelist when it holds at least this many dollars of POO. */
export const WHITELIST_THRESHOLD_USD = 100;

/**
 * POO balance × price ≥ 100 USD. A missing or non-finite price is never eligible here; callers
 * that can tell "price unavailable" apart (CheckWhitelistEligibility) do so before calling.
 */
export function isWhitelistEligible(pooBalance: bigint, priceUsd: number): boolean {
  if (!Number.isFinite(priceUsd) || priceUsd <= 0) return false;
  return tokenValueUsd(pooBalance, priceUsd) >= WHITELIST_THRESHOLD_USD;
}
