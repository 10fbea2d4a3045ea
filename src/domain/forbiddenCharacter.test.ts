import { describe, expect, it } from "vitest";
import { forbiddenCharacter } from "./forbiddenCharacter";

const hex = (code: number) => `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const oneLine = (text: string) => forbiddenCharacter(text, { lineBreaks: false });
const multiLine = (text: string) => forbiddenCharacter(text, { lineBreaks: true });

describe("forbiddenCharacter", () => {
  it.each([
    ...range(0x00, 0x1f).filter((code) => ![0x09, 0x0a, 0x0d].includes(code)),
    ...range(0x7f, 0x9f),
    ...range(0x202a, 0x202e),
    ...range(0x2066, 0x2069),
    0x200e,
    0x200f,
    0x061c,
  ])("refuses the control or text-direction character %s everywhere", (code) => {
    const text = `ab${String.fromCodePoint(code)}cd`;
    expect(oneLine(text)).toBe(hex(code));
    expect(multiLine(text)).toBe(hex(code));
  });

  it.each([
    [0x200b, "zero-width space"],
    [0x2060, "word joiner"],
    [0xfeff, "BOM / zero-width no-break space"],
    [0x00ad, "soft hyphen"],
    [0x034f, "combining grapheme joiner"],
    [0x115f, "Hangul choseong filler"],
    [0x3164, "Hangul filler"],
    [0xffa0, "halfwidth Hangul filler"],
    [0x180e, "Mongolian vowel separator"],
    [0x2064, "invisible plus"],
    [0xe0001, "language tag"],
    [0xe0041, "tag latin capital A"],
    [0xfe00, "variation selector 1 after a letter"],
    [0x1d173, "musical symbol begin beam"],
  ])("refuses the invisible default-ignorable %s (%s) everywhere", (code) => {
    const text = `ab${String.fromCodePoint(code)}cd`;
    expect(oneLine(text)).toBe(hex(code));
    expect(multiLine(text)).toBe(hex(code));
  });

  it("refuses two zero-width spaces on their own (they would pass a two-character minimum)", () => {
    expect(oneLine("\u200b\u200b")).toBe("U+200B");
  });

  it.each([0xfdd0, 0xfdef, 0xfffe, 0xffff, 0x1fffe, 0x10ffff])("refuses the noncharacter %s", (code) => {
    expect(oneLine(`a${String.fromCodePoint(code)}b`)).toBe(hex(code));
  });

  it("refuses lone surrogates, high or low, and accepts a proper pair", () => {
    expect(oneLine("a\ud800b")).toBe("U+D800");
    expect(oneLine("a\udfffb")).toBe("U+DFFF");
    expect(oneLine("ab\ud83d")).toBe("U+D83D");
    expect(oneLine("a\ud83d\ude80b")).toBeUndefined(); // 🚀
  });

  it("lets tab and line breaks through only in multi-line text", () => {
    for (const char of ["\t", "\n", "\r", "\u2028", "\u2029"]) {
      expect(multiLine(`a${char}b`)).toBeUndefined();
      expect(oneLine(`a${char}b`)).toBe(hex(char.charCodeAt(0)));
    }
  });

  it("accepts printable text in any script, emoji and the neighbours of the forbidden ranges", () => {
    const text = "Moon Rocket — قمر ירח 月 🚀 \u00a0\u00a1\u00ac\u00ae\u2010\u2030\u2070~ ";
    expect(oneLine(text)).toBeUndefined();
  });

  it.each([
    ["an emoji ZWJ sequence", "👩‍🚀 👨‍👩‍👧‍👦 🧑🏽‍🤝‍🧑🏻"],
    ["an emoji with VS16 in a ZWJ sequence", "🏳️‍🌈 ❤️‍🔥 👁️‍🗨️"],
    ["emoji presentation and keycaps", "❤️ ☺️ ✔︎ 1️⃣ #️⃣"],
    ["an emoji tag sequence (flag of Scotland)", "🏴\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f}"],
    ["ZWNJ in Persian between joining letters", "می\u200cخواهم"],
    ["ZWNJ after a Devanagari virama (half form, UAX #31 A2)", "क्\u200cष"],
    ["ZWJ after a Devanagari virama (UAX #31 B)", "क्\u200dष"],
    ["ZWJ after a Malayalam virama (chillu)", "ന്\u200d"],
    ["ZWJ after a Sinhala al-lakuna (yansaya)", "ක්\u200dය"],
    ["an ideographic variation sequence", "葛\u{e0100}"],
    ["a Mongolian free variation selector after a letter", "ᠠ\u180b"],
  ])("accepts %s", (_what, text) => {
    expect(oneLine(text)).toBeUndefined();
  });

  it.each([
    ["ZWJ between Latin letters", "ab\u200dcd", "U+200D"],
    ["ZWJ at the start", "\u200dab", "U+200D"],
    ["ZWJ after an emoji with nothing to join", "🚀\u200d", "U+200D"],
    ["two ZWJ between emoji", "👩\u200d\u200d🚀", "U+200D"],
    ["ZWNJ between Latin letters", "ab\u200ccd", "U+200C"],
    ["ZWNJ between an Arabic and a Latin letter", "ب\u200cb", "U+200C"],
    ["ZWNJ at the end of Persian text", "می\u200c", "U+200C"],
    ["ZWNJ after a Devanagari letter without virama", "क\u200cष", "U+200C"],
    ["a virama with no letter before it", "\u094d\u200dक", "U+200D"],
    ["VS16 after a Latin letter", "a\ufe0f", "U+FE0F"],
    ["tag characters after a letter", "a\u{e0067}\u{e007f}", "U+E0067"],
    ["a flag's tags without the cancel tag", "🏴\u{e0067}\u{e0062}", "U+E0067"],
    ["a lone cancel tag after the flag", "🏴\u{e007f}", "U+E007F"],
    ["an ideographic variation selector after a Latin letter", "a\u{e0100}", "U+E0100"],
  ])("refuses %s", (_what, text, found) => {
    expect(oneLine(text)).toBe(found);
  });

  it("names the first forbidden character", () => {
    expect(oneLine("a\u202eb\u0000")).toBe("U+202E");
    expect(oneLine("a\u200bb\u202e")).toBe("U+200B");
  });
});
