/** Escapes text for HTML element content and double-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/**
 * HTML from a template whose interpolations are escaped, except those already made by `html` (or
 * marked safe with `trusted`): chain data can never become markup.
 */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

type Interpolation = SafeHtml | string | number | bigint | null | undefined | readonly Interpolation[];

function part(value: Interpolation): string {
  if (value === null || value === undefined) return "";
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(part).join("");
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml {
  let out = strings[0] ?? "";
  values.forEach((value, i) => {
    out += part(value) + (strings[i + 1] ?? "");
  });
  return new SafeHtml(out);
}

/** Markup written by this module itself (never chain data). */
export function trusted(markup: string): SafeHtml {
  return new SafeHtml(markup);
}
