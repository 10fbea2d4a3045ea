/**
 * Characters that text typed by one person and read by another must not carry: C0 controls and DEL
 * (a terminal acts on them), C1 controls U+0080–U+009F (U+009B starts an escape sequence in many
 * terminals), and the invisible text-direction formatting characters: embeddings and overrides
 * U+202A–U+202E, isolates U+2066–U+2069 and the marks U+200E, U+200F and U+061C, which can make a
 * reviewer read text in another order than it was written. Plain right-to-left text needs none of
 * them: the Unicode bidirectional algorithm lays it out from the letters themselves.
 */
function isForbidden(code: number): boolean {
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069) ||
    code === 0x200e ||
    code === 0x200f ||
    code === 0x061c
  );
}

const LINE_BREAKS_AND_TAB = new Set([0x09, 0x0a, 0x0d]);

/**
 * The first forbidden character of `text` as "U+XXXX", or undefined when there is none. Multi-line
 * fields may keep tabs and line breaks (`lineBreaks: true`); one-line fields may not.
 */
export function forbiddenCharacter(
  text: string,
  { lineBreaks }: { lineBreaks: boolean },
): string | undefined {
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (lineBreaks && LINE_BREAKS_AND_TAB.has(code)) continue;
    if (isForbidden(code)) return `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
  }
  return undefined;
}
