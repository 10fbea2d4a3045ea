import { describe, expect, it } from "vitest";
import {
  EMPTY_LAUNCH_APPLICATION,
  validateLaunchApplication,
  type LaunchApplicationField,
  type LaunchApplicationInput,
} from "./launchApplication";

const valid: LaunchApplicationInput = {
  projectName: "Moon Rocket",
  tokenSymbol: "MOON",
  website: "https://moon.example.com",
  contact: "team@moon.example.com",
  description: "A community token that funds rocket hobbyists.",
};

function errorFor(field: LaunchApplicationField, value: string): string | undefined {
  const check = validateLaunchApplication({ ...valid, [field]: value });
  return check.ok ? undefined : check.errors[field];
}

describe("validateLaunchApplication", () => {
  it("accepts a complete application and trims it", () => {
    expect(
      validateLaunchApplication({ ...valid, projectName: "  Moon Rocket ", contact: " @moon_team " }),
    ).toEqual({ ok: true, application: { ...valid, contact: "@moon_team" } });
  });

  it("names every missing field of an empty form", () => {
    const check = validateLaunchApplication(EMPTY_LAUNCH_APPLICATION);
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(Object.keys(check.errors).sort()).toEqual(
      ["contact", "description", "projectName", "tokenSymbol", "website"].sort(),
    );
  });

  // Same limits as POST /api/launch-applications (src/server/http/launchRoutes.ts).
  it.each<[LaunchApplicationField, string, string | undefined]>([
    ["projectName", "M", "Enter a project name of 2 to 64 characters."],
    ["projectName", "  M  ", "Enter a project name of 2 to 64 characters."],
    ["projectName", "Mo", undefined],
    [
      "projectName",
      "\u200b\u200b",
      "The project name must not contain invisible, control or text-direction characters (found U+200B).",
    ],
    ["projectName", "e\u0301", "Enter a project name of 2 to 64 characters."],
    ["projectName", "👨\u200d👩\u200d👧\u200d👦".repeat(64), undefined],
    ["projectName", "می\u200cخواهم", undefined],

    ["projectName", "x".repeat(64), undefined],
    ["projectName", "x".repeat(65), "Enter a project name of 2 to 64 characters."],
    [
      "projectName",
      "Moon\u0007Rocket",
      "The project name must not contain invisible, control or text-direction characters (found U+0007).",
    ],
    [
      "projectName",
      "Moon\u009b31mRocket",
      "The project name must not contain invisible, control or text-direction characters (found U+009B).",
    ],
    [
      "projectName",
      "Moon \u202Etekcor",
      "The project name must not contain invisible, control or text-direction characters (found U+202E).",
    ],
    [
      "projectName",
      "Moon\nApproved: yes",
      "The project name must not contain invisible, control or text-direction characters (found U+000A).",
    ],
    ["projectName", "قمر Rocket", undefined],
    ["tokenSymbol", "M", "Use 2 to 11 uppercase letters or digits, e.g. POO."],
    ["tokenSymbol", "moon", "Use 2 to 11 uppercase letters or digits, e.g. POO."],
    ["tokenSymbol", "MO-ON", "Use 2 to 11 uppercase letters or digits, e.g. POO."],
    ["tokenSymbol", "ABCDEFGHIJ1", undefined],
    ["tokenSymbol", "ABCDEFGHIJ12", "Use 2 to 11 uppercase letters or digits, e.g. POO."],
    ["website", "http://moon.example.com", "Enter the website's https:// address, e.g. https://example.com."],
    ["website", "moon.example.com", "Enter the website's https:// address, e.g. https://example.com."],
    ["website", "https://localhost", "Enter the website's https:// address, e.g. https://example.com."],
    ["website", `https://moon.example.com/${"a".repeat(175)}`, undefined],
    [
      "website",
      "https://moon.example.com/\u2066evil\u2069",
      "The website address must not contain invisible, control or text-direction characters (found U+2066).",
    ],
    [
      "website",
      `https://moon.example.com/${"a".repeat(176)}`,
      "The website address must be at most 200 characters.",
    ],
    ["contact", "@moon", undefined],
    ["contact", "moon", "Enter an email address or an @handle."],
    ["contact", "@", "Enter an email address or an @handle."],
    [
      "contact",
      "@moon\u200F",
      "The contact must not contain invisible, control or text-direction characters (found U+200F).",
    ],
    ["contact", `${"a".repeat(90)}@example.com`, "The contact must be at most 100 characters."],
    ["description", "Too short to count.", "Describe the project in 20 to 1000 characters."],
    ["description", "Twenty characters!!", "Describe the project in 20 to 1000 characters."],
    ["description", "Twenty characters!!!", undefined],
    ["description", "Line one of the text\nand\tline two.", undefined],
    ["description", "x".repeat(1001), "Describe the project in 20 to 1000 characters."],
    [
      "description",
      "A description with a \u0000 control character.",
      "The description must not contain invisible, control or text-direction characters other than line breaks and tabs (found U+0000).",
    ],
    [
      "description",
      "A description with a C1 \u0085 next-line character.",
      "The description must not contain invisible, control or text-direction characters other than line breaks and tabs (found U+0085).",
    ],
    [
      "description",
      "A description that turns \u202Dleft to right\u202C.",
      "The description must not contain invisible, control or text-direction characters other than line breaks and tabs (found U+202D).",
    ],
  ])("%s %j -> %j", (field, value, message) => expect(errorFor(field, value)).toBe(message));
});
