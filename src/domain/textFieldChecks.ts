import { textLength } from "./textLength";
import { withoutForbiddenCharacters } from "./withoutForbiddenCharacters";
import { z } from "./zod";

export type TextFieldRule = {
  /** May hold tabs and line breaks. */
  lineBreaks: boolean;
  /** Bounds in user-perceived characters (textLength), inclusive. */
  min?: number;
  max: number;
  /** Said when the length is out of bounds. */
  lengthMessage: string;
};

/**
 * The checks of every free-text field, in order, for the web form and the API alike (zod's mini and
 * classic builds take the same checks): trimmed, put in Unicode NFC (so "é" typed as e + U+0301 and
 * "é" are stored alike), refused with a message naming the character when forbiddenCharacter finds one
 * (the later checks are then skipped), and counted in user-perceived characters (textLength).
 */
export function textFieldChecks(subject: string, rule: TextFieldRule): z.core.$ZodCheck<string>[] {
  const { min = 0, max, lengthMessage } = rule;
  return [
    z.trim(),
    z.normalize("NFC"),
    withoutForbiddenCharacters(subject, { lineBreaks: rule.lineBreaks }),
    z.refine<string>(
      (value) => {
        const length = textLength(value);
        return length >= min && length <= max;
      },
      { error: lengthMessage },
    ),
  ];
}
