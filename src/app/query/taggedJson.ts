// JSON for the persisted query cache: amounts are bigint and prices carry a Date, neither of which
// JSON keeps. Both are written as tagged objects and read back as what they were.

type Tagged = { readonly $bigint: string } | { readonly $date: string };

function isTagged(value: unknown): value is Tagged {
  if (typeof value !== "object" || value === null) return false;
  const keys = Object.keys(value);
  return keys.length === 1 && (keys[0] === "$bigint" || keys[0] === "$date");
}

export function toTaggedJson(value: unknown): string {
  return JSON.stringify(
    value,
    function replacer(this: Record<string, unknown>, key: string, converted: unknown) {
      // Date.toJSON has already run on `converted`; the holder still has the Date itself.
      const original = this[key];
      if (original instanceof Date) return { $date: original.toISOString() };
      if (typeof converted === "bigint") return { $bigint: converted.toString() };
      return converted;
    },
  );
}

export function fromTaggedJson<T>(text: string): T {
  return JSON.parse(text, (_key, value: unknown) => {
    if (!isTagged(value)) return value;
    return "$bigint" in value ? BigInt(value.$bigint) : new Date(value.$date);
  }) as T;
}
