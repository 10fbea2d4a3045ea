import { describe, expect, it } from "vitest";
import { toAddress } from "./address";
import { classifyTransfer, newestFirst, type ActivityEntry } from "./stakeActivity";

const parties = {
  account: toAddress("0x70997970C51812dc3A010C7d01b50e0d17dc79C8"),
  staking: toAddress("0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0"),
  pooToken: toAddress("0x5FbDB2315678afecb367f032d93F642f64180aa3"),
  crapToken: toAddress("0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512"),
};
const other = toAddress("0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC");
const lower = (a: string) => toAddress(a.toLowerCase());

describe("classifyTransfer", () => {
  const { account, staking, pooToken, crapToken } = parties;

  it("POO to the pool is a stake, POO from it an unstake, CRAP from it a reward", () => {
    expect(classifyTransfer({ token: pooToken, from: account, to: staking, value: 5n }, parties)).toBe(
      "stake",
    );
    expect(classifyTransfer({ token: pooToken, from: staking, to: account, value: 5n }, parties)).toBe(
      "unstake",
    );
    expect(classifyTransfer({ token: crapToken, from: staking, to: account, value: 1n }, parties)).toBe(
      "reward",
    );
  });

  it("ignores address casing", () => {
    const log = { token: lower(pooToken), from: lower(account), to: lower(staking), value: 5n };
    expect(classifyTransfer(log, parties)).toBe("stake");
  });

  it("leaves out everything else", () => {
    const cases = [
      { token: pooToken, from: account, to: other, value: 5n }, // a plain transfer
      { token: pooToken, from: other, to: staking, value: 5n }, // someone else's stake
      { token: crapToken, from: account, to: staking, value: 5n }, // CRAP into the pool
      { token: crapToken, from: staking, to: other, value: 5n }, // someone else's reward
      { token: other, from: account, to: staking, value: 5n }, // another token
      { token: pooToken, from: account, to: staking, value: 0n }, // nothing moved
    ];
    for (const log of cases) expect(classifyTransfer(log, parties)).toBeUndefined();
  });
});

describe("newestFirst", () => {
  it("orders by block, then by position in the block, newest first", () => {
    const entry = (blockNumber: bigint, logIndex: number): ActivityEntry => ({
      kind: "stake",
      amount: 1n,
      hash: "0x00",
      blockNumber,
      logIndex,
      timestamp: undefined,
    });
    const sorted = [entry(1n, 0), entry(3n, 1), entry(3n, 4), entry(2n, 0)].sort(newestFirst);
    expect(sorted.map((e) => `${e.blockNumber}:${e.logIndex}`)).toEqual(["3:4", "3:1", "2:0", "1:0"]);
  });
});
