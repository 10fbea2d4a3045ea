import { describe, expect, it } from "vitest";
import { textLength } from "./textLength";

describe("textLength", () => {
  it.each([
    ["", 0],
    ["POO", 3],
    ["e\u0301", 1],
    ["👩\u200d🚀", 1],
    ["👨\u200d👩\u200d👧\u200d👦🚀", 2],
    ["🇫🇷", 1],
    ["क्ष", 1],
    ["می\u200cخواهم", 7],
    ["\r\n", 1],
  ])("counts %j as %i user-perceived characters", (text, length) => {
    expect(textLength(text)).toBe(length);
  });
});
