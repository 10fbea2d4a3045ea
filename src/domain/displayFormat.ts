import { plainDecimal } from "./plainDecimal";
import { TOKEN_DECIMALS } from "./tokenDecimals";

// Display formatting for the whole app. Every figure is truncated, never rounded up, so a balance,
// reward or dollar value on screen never overstates what the user has.

const ELLIPSIS = "\u2026";

/** "1234567" -> "1,234,567" (digits only: no sign, no fraction). */
export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** `value` base units as an exact decimal string: no grouping, no trailing zeros ("1234.5"). */
export function formatTokenExact(value: bigint, decimals: number = TOKEN_DECIMALS): string {
  const sign = value < 0n ? "-" : "";
  const magnitude = value < 0n ? -value : value;
  const scale = 10n ** BigInt(decimals);
  const whole = (magnitude / scale).toString();
  const fraction =
    decimals === 0 ? "" : (magnitude % scale).toString().padStart(decimals, "0").replace(/0+$/, "");
  return `${sign}${whole}${fraction ? `.${fraction}` : ""}`;
}

/**
 * A token amount for display (rewards, CRAP and POO balances): "0" when zero, otherwise exactly
 * `fractionDigits` decimals, truncated, with grouped thousands ("1,234.5678"). A non-zero amount
 * too small to show is "<0.0001" rather than a misleading "0.0000".
 */
export function formatTokenAmount(
  value: bigint,
  decimals: number = TOKEN_DECIMALS,
  fractionDigits: number = 4,
): string {
  if (value === 0n) return "0";
  if (value < 0n) return `-${formatTokenAmount(-value, decimals, fractionDigits)}`;
  const shown = Math.min(fractionDigits, decimals);
  const unitsShown = value / 10n ** BigInt(decimals - shown);
  if (unitsShown === 0n) return `<${shown === 0 ? "1" : `0.${"0".repeat(shown - 1)}1`}`;
  const scale = 10n ** BigInt(shown);
  const whole = groupThousands((unitsShown / scale).toString());
  if (shown === 0) return whole;
  return `${whole}.${(unitsShown % scale).toString().padStart(shown, "0")}`;
}

const MAX_USD_FRACTION_DIGITS = 20;

/**
 * US dollars: "$1,234.56"; below $1 at least two significant digits ("$0.00012"). Truncated.
 * Returns null when there is no usable figure (null, NaN, infinite) so that the caller shows
 * "Price unavailable" instead of a silent "$0.00".
 */
export function formatUsd(value: number | null): string | null {
  if (value === null || !Number.isFinite(value)) return null;
  const magnitude = Math.abs(value);
  // Digits needed for the two leading significant digits of a value below 1, never fewer than cents.
  const fractionDigits =
    magnitude === 0 || magnitude >= 1
      ? 2
      : Math.min(MAX_USD_FRACTION_DIGITS, Math.max(2, 1 - Math.floor(Math.log10(magnitude))));
  // Truncating the shortest decimal text of the double, as Intl.NumberFormat's "trunc" does: built by
  // hand because creating a currency formatter dominated the page's start-up on a throttled phone.
  const [whole = "0", fraction = ""] = plainDecimal(magnitude).split(".");
  const shownFraction = fraction.slice(0, fractionDigits).padEnd(fractionDigits, "0");
  const isZero = /^0*$/.test(whole + shownFraction);
  return `${value < 0 && !isZero ? "-" : ""}$${groupThousands(whole)}.${shownFraction}`;
}

const COMPACT_UNITS: ReadonlyArray<readonly [bigint, string]> = [
  [10n ** 12n, "t"],
  [10n ** 9n, "b"],
  [10n ** 6n, "m"],
  [10n ** 3n, "k"],
];

/** Ten-thousandths of a token, truncated toward zero: the precision formatCompact works in. */
const COMPACT_SCALE = 10n ** 4n;

function toTenThousandths(value: bigint | number, decimals: number): bigint | null {
  if (typeof value === "bigint") {
    return decimals >= 4 ? value / 10n ** BigInt(decimals - 4) : value * 10n ** BigInt(4 - decimals);
  }
  if (!Number.isFinite(value)) return null;
  // toFixed keeps the decimal digits the number was written with (0.29 stays 0.29, not 0.28999...).
  if (Math.abs(value) >= 1e21) return BigInt(Math.trunc(value)) * COMPACT_SCALE;
  const [whole = "0", fraction = ""] = value.toFixed(10).split(".");
  return BigInt(whole + fraction.slice(0, 4));
}

function trimmedDecimal(whole: bigint, fraction: bigint, digits: number): string {
  const fractionText = fraction.toString().padStart(digits, "0").replace(/0+$/, "");
  return `${groupThousands(whole.toString())}${fractionText ? `.${fractionText}` : ""}`;
}

/**
 * A short figure for tight spaces: "1.23k", "4.5m", "2b", "1t"; below 1,000 up to 4 decimals
 * ("12.5"). A bigint is base units of a `decimals`-decimal token, a number is already in tokens.
 * Truncated, so 999,999 is "999.99k", never "1000k". A non-finite number gives "—".
 */
export function formatCompact(value: bigint | number, decimals: number = TOKEN_DECIMALS): string {
  const units = toTenThousandths(value, decimals);
  if (units === null) return "\u2014";
  if (units < 0n) return `-${formatCompact(-units, 4)}`;
  if (units === 0n) {
    const isZero = typeof value === "bigint" ? value === 0n : value === 0;
    return isZero ? "0" : "<0.0001";
  }
  for (const [threshold, suffix] of COMPACT_UNITS) {
    const hundredths = units / (threshold * (COMPACT_SCALE / 100n));
    if (hundredths >= 100n) return `${trimmedDecimal(hundredths / 100n, hundredths % 100n, 2)}${suffix}`;
  }
  return trimmedDecimal(units / COMPACT_SCALE, units % COMPACT_SCALE, 4);
}

/**
 * A percentage given in hundredths of a percent (basis points), truncated: "0.01%", "31.5%",
 * "999.99%", then in the compact form of formatCompact ("53.36k%", "1.2m%"), never a compact figure
 * followed by the decimals it already dropped.
 */
export function formatPercent(hundredths: bigint): string {
  return `${formatCompact(hundredths, 2)}%`;
}

/**
 * A cost in the chain's currency with three significant digits, rounded up: a fee shown is never less
 * than the one computed ("0.000292", "0.0153", "1.21"). Zero is "0".
 */
export function formatFee(value: bigint, decimals: number = TOKEN_DECIMALS): string {
  if (value <= 0n) return "0";
  const digits = value.toString().length;
  // Keep three significant digits of the base units, rounding the rest up.
  const dropped = Math.max(0, digits - 3);
  const unit = 10n ** BigInt(dropped);
  const kept = (value + unit - 1n) / unit;
  // Rounding up may carry into a fourth digit (999 -> 1000): still exact.
  return formatTokenExact(kept * unit, decimals);
}

/**
 * "0x1234…abcd": the 0x prefix, the first 4 and the last 4 hex digits. The spec's "4 characters,
 * an ellipsis and 4" counts hex digits, so the prefix is kept to show it is an address.
 */
export function shortenAddress(address: string): string {
  if (address.length <= 12) return address;
  return `${address.slice(0, 6)}${ELLIPSIS}${address.slice(-4)}`;
}

/**
 * A name-service name cut to at most `maxLength` characters including the trailing ellipsis.
 * Counts code points, so an emoji is never split in half.
 */
export function truncateName(name: string, maxLength: number = 24): string {
  const characters = Array.from(name);
  if (characters.length <= maxLength) return name;
  return `${characters.slice(0, Math.max(0, maxLength - 1)).join("")}${ELLIPSIS}`;
}

/** "2025-01-31 13:45:07 UTC": unambiguous and locale-free, for messages built in the domain. */
export function formatUtcDateTime(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace("T", " ")} UTC`;
}
