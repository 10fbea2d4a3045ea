import { describe, expect, it } from "vitest";
import { activityEntry as entry, E18, txHash as hash } from "./testing/activityEntries";
import { activityDescriptions } from "./stakeActivityText";

describe("activityDescriptions", () => {
  it("gives one line per transaction, the unstake before its reward", () => {
    const lines = activityDescriptions([
      entry(7, "reward", E18, 1),
      entry(7, "unstake", 150n * E18),
      entry(3, "stake", 150n * E18),
    ]);
    expect(lines).toEqual([
      { hash: hash(7), description: "Unstake 150.0000 POO, Reward 1.0000 CRAP" },
      { hash: hash(3), description: "Stake 150.0000 POO" },
    ]);
  });
});
