import { parseDecimalAmount } from "./parseDecimalAmount";

/** Whitelist threshold from the product spec: at least 100 USD worth of POO. */
export const MIN_WHITELIST_USD = 100n;

const USD_DECIMALS = 18;
const ONE = 10n ** 18n;

/** USD value of a POO balance (18 decimals) at `priceUsd`, as a bigint with 18 decimals. */
export function usdValueOf(balanceWei: bigint, priceUsd: number): bigint {
  if (!Number.isFinite(priceUsd) || priceUsd < 0 || priceUsd >= 1e15) {
    throw new RangeError(`Unusable POO price: ${priceUsd}`);
  }
  // toFixed(18) gives the double's own decimal expansion, so the product below is exact.
  const price = parseDecimalAmount(priceUsd.toFixed(USD_DECIMALS), USD_DECIMALS);
  if (price === undefined) throw new RangeError(`Unusable POO price: ${priceUsd}`);
  return (balanceWei * price) / ONE;
}

export function isWhitelistEligible(balanceWei: bigint, priceUsd: number): boolean {
  return usdValueOf(balanceWei, priceUsd) >= MIN_WHITELIST_USD * ONE;
}
