import { TOKEN_DECIMALS } from "./tokenDecimals";

/**
 * Dollar value of `amount` base units at `priceUsd` per token ("quantity times the fetched price").
 * A float is precise enough for display and for the whitelist threshold; a non-finite price gives
 * NaN, which formatUsd shows as unavailable.
 */
export function tokenValueUsd(amount: bigint, priceUsd: number, decimals: number = TOKEN_DECIMALS): number {
  const scale = 10n ** BigInt(decimals);
  const whole = amount / scale;
  const fraction = amount % scale;
  // Splitting keeps whole tokens exact up to 2^53 instead of losing digits in one big Number().
  return (Number(whole) + Number(fraction) / Number(scale)) * priceUsd;
}
