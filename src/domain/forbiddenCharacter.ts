/**
 * The one rule for text that one person types and another reads (the web form and the API alike).
 * Refused, wherever they stand:
 * - C0 controls, DEL and C1 controls U+0080–U+009F (a terminal acts on them; U+009B starts an escape
 *   sequence); one-line text also refuses tab, CR, LF and the separators U+2028 and U+2029;
 * - the text-direction embeddings, overrides, isolates and marks (U+202A–U+202E, U+2066–U+2069, U+200E,
 *   U+200F, U+061C), which make a reviewer read text in another order than it was written (plain
 *   right-to-left text needs none of them);
 * - every other Default_Ignorable_Code_Point (zero-width space, word joiner, BOM, soft hyphen, Hangul
 *   fillers, tag characters…): invisible, so two names that look alike could differ, and two of them
 *   would pass a length minimum;
 * - noncharacters (U+FDD0–U+FDEF, U+xxFFFE/F) and lone surrogates (not text at all).
 *
 * A few default-ignorables are allowed only where they change what is shown:
 * - ZWNJ U+200C and ZWJ U+200D after a virama (UAX #31 §2.3, rules A2 and B: Indic half forms and
 *   conjuncts), and ZWNJ between two letters of a cursive-joining script (rule A1: Persian "می‌خواهم").
 *   JavaScript exposes no Joining_Type, so A1's "joins on that side" is read as "a letter of a
 *   cursive-joining script"; the virama (Canonical_Combining_Class 9) is found exactly (see isVirama);
 * - ZWJ between two pictographs (UTS #51 emoji ZWJ sequences, 👩‍🚀), VS15/VS16 after a character with
 *   an emoji form (❤️, 1️⃣), tag characters in an emoji tag sequence after U+1F3F4 (🏴󠁧󠁢󠁳󠁣󠁴󠁿),
 *   ideographic variation selectors after an ideograph and Mongolian free variation selectors after a
 *   Mongolian letter.
 * Every property comes from the JavaScript engine's own Unicode data.
 */

const LINE_BREAKS_AND_TAB = new Set([0x09, 0x0a, 0x0d, 0x2028, 0x2029]);
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
const DEFAULT_IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;
const NONCHARACTER = /\p{Noncharacter_Code_Point}/u;
const CONTROL = /\p{Cc}/u;
const LETTER = /\p{L}/u;
const MARK = /\p{M}/u;
const TRANSPARENT = /[\p{Mn}\p{Me}]/u;
const PICTOGRAPH = /\p{Extended_Pictographic}/u;
const HAS_EMOJI_FORM = /\p{Emoji}/u;
const EMOJI_MODIFIER = /\p{Emoji_Modifier}/u;
const IDEOGRAPH = /\p{Ideographic}/u;
const MONGOLIAN_LETTER = /(?=\p{L})\p{Script=Mongolian}/u;
// Scripts whose letters join cursively (Joining_Type D, L or R), as far back as Unicode 11 so that no
// browser in use fails to compile the expression.
const CURSIVE_LETTER =
  /(?=\p{L})[\p{Script=Arabic}\p{Script=Syriac}\p{Script=Nko}\p{Script=Mongolian}\p{Script=Phags_Pa}\p{Script=Manichaean}\p{Script=Psalter_Pahlavi}\p{Script=Adlam}\p{Script=Hanifi_Rohingya}\p{Script=Sogdian}\p{Script=Mandaic}]/u;

const ZWNJ = 0x200c;
const ZWJ = 0x200d;
const VS15 = 0xfe0e;
const VS16 = 0xfe0f;
const WAVING_BLACK_FLAG = 0x1f3f4;
const CANCEL_TAG = 0xe007f;

/** Code point as "U+XXXX". */
function codePointName(code: number): string {
  return `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
}

/**
 * Canonical_Combining_Class 9 (virama), read from the engine's normalisation: NFD puts combining marks
 * in order of their class, so a mark that sorts after U+3099 (class 8) and before U+05B0 (class 10)
 * is of class 9.
 */
function isVirama(char: string): boolean {
  if (!MARK.test(char) || char === "\u3099" || char === "\u05b0") return false;
  return (
    `${char}\u3099`.normalize("NFD") === `\u3099${char}` &&
    `\u05b0${char}`.normalize("NFD") === `${char}\u05b0`
  );
}

/** Judges each code point of one text with its neighbours in view. */
class TextScan {
  private readonly chars: string[];
  private readonly codes: number[];

  constructor(text: string) {
    // Array.from iterates code points; a lone surrogate comes out on its own.
    this.chars = Array.from(text);
    this.codes = this.chars.map((char) => char.codePointAt(0) ?? 0);
  }

  firstForbidden(lineBreaks: boolean): string | undefined {
    for (let i = 0; i < this.codes.length; i += 1) {
      const code = this.codes[i] ?? 0;
      if (this.isForbidden(i, code, lineBreaks)) return codePointName(code);
    }
    return undefined;
  }

  private isForbidden(i: number, code: number, lineBreaks: boolean): boolean {
    const char = this.chars[i] ?? "";
    if (LINE_BREAKS_AND_TAB.has(code)) return !lineBreaks;
    if (code >= 0xd800 && code <= 0xdfff) return true;
    if (CONTROL.test(char) || NONCHARACTER.test(char) || BIDI_CONTROLS.test(char)) return true;
    if (!DEFAULT_IGNORABLE.test(char)) return false;
    return !this.joinsOrSelects(i, code);
  }

  /** Whether a default-ignorable code point does visible work where it stands. */
  private joinsOrSelects(i: number, code: number): boolean {
    const before = this.chars[i - 1] ?? "";
    if (code === ZWJ) return this.afterVirama(i) || this.betweenPictographs(i);
    if (code === ZWNJ) return this.afterVirama(i) || this.betweenCursiveLetters(i);
    if (code === VS15 || code === VS16) return HAS_EMOJI_FORM.test(before) && !MARK.test(before);
    if (code >= 0xe0100 && code <= 0xe01ef) return IDEOGRAPH.test(before);
    if ((code >= 0x180b && code <= 0x180d) || code === 0x180f) return MONGOLIAN_LETTER.test(before);
    if (code >= 0xe0020 && code <= CANCEL_TAG) return this.inEmojiTagSequence(i, code);
    return false;
  }

  /** UAX #31 A2 / B: letter, marks, virama, combining marks, then the joiner. */
  private afterVirama(i: number): boolean {
    let j = i - 1;
    while (j >= 0 && MARK.test(this.chars[j] ?? "") && !isVirama(this.chars[j] ?? "")) j -= 1;
    if (j < 0 || !isVirama(this.chars[j] ?? "")) return false;
    j -= 1;
    while (j >= 0 && MARK.test(this.chars[j] ?? "")) j -= 1;
    return j >= 0 && LETTER.test(this.chars[j] ?? "");
  }

  /** UAX #31 A1, read by script: a cursive letter, transparent marks, ZWNJ, marks, a letter of the same script. */
  private betweenCursiveLetters(i: number): boolean {
    let before = i - 1;
    while (before >= 0 && TRANSPARENT.test(this.chars[before] ?? "")) before -= 1;
    let after = i + 1;
    while (after < this.chars.length && TRANSPARENT.test(this.chars[after] ?? "")) after += 1;
    const left = this.chars[before] ?? "";
    const right = this.chars[after] ?? "";
    return CURSIVE_LETTER.test(left) && CURSIVE_LETTER.test(right) && sameScript(left, right);
  }

  /** UTS #51: emoji (with its modifier, VS16 or tags) ZWJ emoji. */
  private betweenPictographs(i: number): boolean {
    let j = i - 1;
    while (j >= 0 && this.isEmojiSuffix(j)) j -= 1;
    return PICTOGRAPH.test(this.chars[j] ?? "") && PICTOGRAPH.test(this.chars[i + 1] ?? "");
  }

  private isEmojiSuffix(j: number): boolean {
    const code = this.codes[j] ?? 0;
    return (
      code === VS16 || EMOJI_MODIFIER.test(this.chars[j] ?? "") || (code >= 0xe0020 && code <= CANCEL_TAG)
    );
  }

  /** UTS #51 emoji tag sequence: U+1F3F4, tag characters U+E0020–U+E007E, then CANCEL TAG U+E007F. */
  private inEmojiTagSequence(i: number, code: number): boolean {
    let start = i - 1;
    while (start >= 0 && (this.codes[start] ?? 0) >= 0xe0020 && (this.codes[start] ?? 0) < CANCEL_TAG)
      start -= 1;
    if (this.codes[start] !== WAVING_BLACK_FLAG) return false;
    if (code === CANCEL_TAG) return start < i - 1;
    // A tag character must lead to the CANCEL TAG that ends the sequence.
    let end = i + 1;
    while ((this.codes[end] ?? 0) >= 0xe0020 && (this.codes[end] ?? 0) < CANCEL_TAG) end += 1;
    return this.codes[end] === CANCEL_TAG;
  }
}

const SCRIPT_PROBES = [
  "Arabic",
  "Syriac",
  "Nko",
  "Mongolian",
  "Phags_Pa",
  "Manichaean",
  "Psalter_Pahlavi",
  "Adlam",
  "Hanifi_Rohingya",
  "Sogdian",
  "Mandaic",
].map((name) => new RegExp(`\\p{Script=${name}}`, "u"));

function sameScript(a: string, b: string): boolean {
  return SCRIPT_PROBES.some((probe) => probe.test(a) && probe.test(b));
}

/**
 * The first forbidden character of `text` as "U+XXXX", or undefined when there is none. Multi-line
 * fields may keep tabs and line breaks (`lineBreaks: true`); one-line fields may not.
 */
export function forbiddenCharacter(
  text: string,
  { lineBreaks }: { lineBreaks: boolean },
): string | undefined {
  return new TextScan(text).firstForbidden(lineBreaks);
}
