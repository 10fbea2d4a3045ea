import { describe, expect, it } from "vitest";
import type { ValidationReason } from "./validationError";
import { ValidationError } from "./validationError";

const E18 = 10n ** 18n;

describe("ValidationError", () => {
  it.each<[ValidationReason, string]>([
    [{ code: "not-positive" }, "Enter a quantity greater than 0."],
    [
      { code: "above-balance", balance: 125n * 10n ** 17n },
      "The quantity is more than your balance of 12.5 POO.",
    ],
    [{ code: "below-min-stake", minStake: 100n * E18 }, "The minimum stake is 100 POO."],
    [{ code: "nothing-staked" }, "You have no POO staked."],
    [
      { code: "stake-locked", unlockTime: new Date("2025-01-02T03:04:05Z") },
      "Too early to unstake: possible from 2025-01-02 03:04:05 UTC.",
    ],
  ])("%# -> %s", (reason, shortMessage) => {
    const error = new ValidationError(reason);
    expect(error.kind).toBe("validation");
    expect(error.name).toBe("ValidationError");
    expect(error.shortMessage).toBe(shortMessage);
    expect(error.reason).toEqual(reason);
  });
});
