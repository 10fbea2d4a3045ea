import { TOKEN_DECIMALS } from "./tokenDecimals";

export type QuantityErrorCode =
  "empty" | "zero" | "negative" | "exponent" | "too-many-decimals" | "thousands-separator" | "not-a-number";

export interface QuantityError {
  readonly code: QuantityErrorCode;
  /** Shown to the user as is, under the input. */
  readonly message: string;
}

export type QuantityParseResult =
  { readonly ok: true; readonly value: bigint } | { readonly ok: false; readonly error: QuantityError };

const PLAIN_DECIMAL = /^(\d*)(?:\.(\d*))?$/;
const EXPONENT = /^(?:\d+\.?\d*|\.\d+)e[+-]?\d+$/i;
// Groups of exactly three digits after a 1-3 digit lead, separated by a comma or a (no-break) space.
const GROUPED_THOUSANDS = /^\d{1,3}(?:(?:,\d{3})+|(?:[ \u00a0\u202f]\d{3})+)(?:\.\d*)?$/;
const MINUS_SIGNS = ["-", "\u2212"];

function failure(code: QuantityErrorCode, decimals: number): QuantityParseResult {
  return { ok: false, error: { code, message: messageFor(code, decimals) } };
}

function messageFor(code: QuantityErrorCode, decimals: number): string {
  switch (code) {
    case "empty":
      return "Enter a quantity.";
    case "zero":
      return "Enter a quantity greater than 0.";
    case "negative":
      return "The quantity cannot be negative.";
    case "exponent":
      return "Write the quantity without exponent notation (e.g. 1500, not 1.5e3).";
    case "too-many-decimals":
      return decimals === 0
        ? "Enter a whole number, without decimals."
        : `At most ${decimals} decimal place${decimals === 1 ? " is" : "s are"} allowed.`;
    case "thousands-separator":
      return "Remove thousands separators (commas or spaces).";
    case "not-a-number":
      return "Enter a number, e.g. 12.5.";
  }
}

/**
 * The one parser for quantities the user types: decimal text in token units to base units.
 * Accepts "12", "12.5", ".5", "12." (read as 12), surrounding spaces. Trailing zeros beyond
 * `decimals` places are accepted because they do not change the value ("1.0000000000000000000").
 * Never throws; every refusal carries a message fit for display.
 */
export function parseTokenQuantity(text: string, decimals: number = TOKEN_DECIMALS): QuantityParseResult {
  const trimmed = text.trim();
  if (trimmed === "") return failure("empty", decimals);

  const negative = MINUS_SIGNS.some((sign) => trimmed.startsWith(sign));
  const body = negative ? trimmed.slice(1) : trimmed;

  if (EXPONENT.test(body)) return failure("exponent", decimals);
  if (GROUPED_THOUSANDS.test(body)) return failure("thousands-separator", decimals);

  const match = PLAIN_DECIMAL.exec(body);
  const whole = match?.[1] ?? "";
  const fraction = match?.[2] ?? "";
  if (!match || (whole === "" && fraction === "")) return failure("not-a-number", decimals);
  if (negative) return failure("negative", decimals);

  const significantFraction = fraction.replace(/0+$/, "");
  if (significantFraction.length > decimals) return failure("too-many-decimals", decimals);

  const value = BigInt((whole || "0") + significantFraction.padEnd(decimals, "0"));
  if (value === 0n) return failure("zero", decimals);
  return { ok: true, value };
}
