/**
 * A non-negative finite number as plain decimal text: the shortest text that reads back to the same
 * double (String(): "0.1", not toFixed's "0.100000000000000006"), with exponent forms expanded
 * ("1e-7" -> "0.0000001", "1e+21" -> "1000000000000000000000").
 */
export function plainDecimal(value: number): string {
  const text = String(value);
  const match = /^(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const whole = match[1] ?? "";
  const fraction = match[2] ?? "";
  const digits = whole + fraction;
  const exponent = Number(match[3]) - fraction.length;
  if (exponent >= 0) return digits + "0".repeat(exponent);
  const padded = digits.padStart(-exponent + 1, "0");
  return `${padded.slice(0, exponent)}.${padded.slice(exponent)}`;
}
