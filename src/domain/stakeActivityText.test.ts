import { describe, expect, it } from "vitest";
import type { ActivityEntry } from "./stakeActivity";
import { activityDescriptions } from "./stakeActivityText";

const E18 = 10n ** 18n;
const hash = (n: number): `0x${string}` => `0x${n.toString(16).padStart(64, "0")}`;
const entry = (n: number, kind: ActivityEntry["kind"], amount: bigint, logIndex = 0): ActivityEntry => ({
  kind,
  amount,
  hash: hash(n),
  blockNumber: BigInt(n),
  logIndex,
  timestamp: new Date(Date.UTC(2026, 10, n)),
});

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
