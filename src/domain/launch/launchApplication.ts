import { z } from "../zod";
import { textFieldChecks } from "../textFieldChecks";

/**
 * A project's application for a launch, checked with the same rules as the API
 * (POST /api/launch-applications) so that every refusal shows up before anything is sent.
 */
export const LAUNCH_APPLICATION_FIELDS = [
  "projectName",
  "tokenSymbol",
  "website",
  "contact",
  "description",
] as const;

export type LaunchApplicationField = (typeof LAUNCH_APPLICATION_FIELDS)[number];

/** The form's text, as typed. */
export type LaunchApplicationInput = Record<LaunchApplicationField, string>;

export const EMPTY_LAUNCH_APPLICATION: LaunchApplicationInput = {
  projectName: "",
  tokenSymbol: "",
  website: "",
  contact: "",
  description: "",
};

const email = z.email();

// Fields are trimmed first (the free-text ones by textFieldChecks, as the server does; trimming the
// others too means a stray space never costs the user a round trip).
export const launchApplicationSchema = z.strictObject({
  projectName: z.string().check(
    ...textFieldChecks("The project name", {
      lineBreaks: false,
      min: 2,
      max: 64,
      lengthMessage: "Enter a project name of 2 to 64 characters.",
    }),
  ),
  tokenSymbol: z
    .string()
    .check(z.trim(), z.regex(/^[A-Z0-9]{2,11}$/, "Use 2 to 11 uppercase letters or digits, e.g. POO.")),
  website: z.pipe(
    z.string().check(
      ...textFieldChecks("The website address", {
        lineBreaks: false,
        max: 200,
        lengthMessage: "The website address must be at most 200 characters.",
      }),
    ),
    z.url({
      protocol: /^https$/,
      hostname: z.regexes.domain,
      error: "Enter the website's https:// address, e.g. https://example.com.",
    }),
  ),
  contact: z.string().check(
    ...textFieldChecks("The contact", {
      lineBreaks: false,
      max: 100,
      lengthMessage: "The contact must be at most 100 characters.",
    }),
    z.refine(
      (value) => email.safeParse(value).success || /^@[A-Za-z0-9_.-]{1,64}$/.test(value),
      "Enter an email address or an @handle.",
    ),
  ),
  description: z.string().check(
    ...textFieldChecks("The description", {
      lineBreaks: true,
      min: 20,
      max: 1000,
      lengthMessage: "Describe the project in 20 to 1000 characters.",
    }),
  ),
});

/** An application that passed every rule, trimmed, ready to send. */
export type LaunchApplication = z.output<typeof launchApplicationSchema>;

export type LaunchApplicationErrors = Partial<Record<LaunchApplicationField, string>>;

export type LaunchApplicationCheck =
  | { readonly ok: true; readonly application: LaunchApplication }
  | { readonly ok: false; readonly errors: LaunchApplicationErrors };

/** Every field's first problem, or the trimmed application. */
export function validateLaunchApplication(input: LaunchApplicationInput): LaunchApplicationCheck {
  const parsed = launchApplicationSchema.safeParse(input);
  if (parsed.success) return { ok: true, application: parsed.data };
  const errors: LaunchApplicationErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field === "string" && isField(field) && errors[field] === undefined)
      errors[field] = issue.message;
  }
  return { ok: false, errors };
}

function isField(name: string): name is LaunchApplicationField {
  return (LAUNCH_APPLICATION_FIELDS as readonly string[]).includes(name);
}
