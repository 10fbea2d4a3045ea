import { z } from "./zod";
import { forbiddenCharacter } from "./forbiddenCharacter";

/**
 * The one rule for free-text fields, used by the web form and by the API alike (zod checks of the
 * mini and classic builds are interchangeable): refuses what forbiddenCharacter finds, with a message
 * that starts with `subject` (e.g. "The project name", "projectName") and names the character, since
 * the user cannot see it. Later checks of the field are skipped (abort), so that message stands alone.
 */
export function withoutForbiddenCharacters(
  subject: string,
  options: { lineBreaks: boolean },
): z.core.$ZodCheck<string> {
  const allowed = options.lineBreaks ? " other than line breaks and tabs" : "";
  return z.refine<string>((value) => forbiddenCharacter(value, options) === undefined, {
    abort: true,
    error: (issue) =>
      `${subject} must not contain invisible, control or text-direction characters${allowed} (found ${forbiddenCharacter(String(issue.input), options)}).`,
  });
}
