import { describe, expect, it } from "vitest";
import { forbiddenCharacter } from "./forbiddenCharacter";

const hex = (code: number) => `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe("forbiddenCharacter", () => {
  it.each([
    ...range(0x00, 0x1f).filter((code) => ![0x09, 0x0a, 0x0d].includes(code)),
    ...range(0x7f, 0x9f),
    ...range(0x202a, 0x202e),
    ...range(0x2066, 0x2069),
    0x200e,
    0x200f,
    0x061c,
  ])("refuses %s everywhere", (code) => {
    const text = `ab${String.fromCodePoint(code)}cd`;
    expect(forbiddenCharacter(text, { lineBreaks: false })).toBe(hex(code));
    expect(forbiddenCharacter(text, { lineBreaks: true })).toBe(hex(code));
  });

  it("lets tab and line breaks through only in multi-line text", () => {
    for (const char of ["\t", "\n", "\r"]) {
      expect(forbiddenCharacter(`a${char}b`, { lineBreaks: true })).toBeUndefined();
      expect(forbiddenCharacter(`a${char}b`, { lineBreaks: false })).toBe(hex(char.charCodeAt(0)));
    }
  });

  it("accepts printable text in any script, emoji and the neighbours of the forbidden ranges", () => {
    const text = "Moon Rocket — قمر ירח 月 🚀👩‍🚀 \u00a0\u00a1\u200d\u2029\u2070~ ";
    expect(forbiddenCharacter(text, { lineBreaks: false })).toBeUndefined();
  });

  it("names the first forbidden character", () => {
    expect(forbiddenCharacter("a\u202eb\u0000", { lineBreaks: false })).toBe("U+202E");
  });
});
