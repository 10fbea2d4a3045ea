/**
 * Parses a plain decimal string ("0.5", "2", "-1") into base units exactly, without floating
 * point. Returns undefined for anything else (exponents, "abc", too many decimals, empty).
 */
export function parseDecimalAmount(text: string, decimals: number): bigint | undefined {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return undefined;
  const [, sign = "", whole = "", fraction = ""] = match;
  if (fraction.length > decimals) return undefined;
  const units = BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, "0") || "0");
  return sign === "-" ? -units : units;
}
