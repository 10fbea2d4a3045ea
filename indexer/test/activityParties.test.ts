import { describe, expect, it } from "vitest";
import { toAddress } from "../../src/domain/address";
import { classifyTransfer } from "../../src/domain/stakeActivity";
import { activityParties } from "../src/activityParties";

const deployment = {
  pooToken: "0x00000000000000000000000000000000000000a1",
  crapToken: "0x00000000000000000000000000000000000000a2",
  staking: "0x00000000000000000000000000000000000000A3",
};
const ACCOUNT = toAddress("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
const OTHER = toAddress("0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC");
const POOL = toAddress("0x00000000000000000000000000000000000000a3");

describe("activityParties (whose activity a transfer is)", () => {
  it("is the account on the side that is not the pool, whichever way the tokens go", () => {
    expect(activityParties(deployment, ACCOUNT, POOL)?.account).toBe(ACCOUNT);
    expect(activityParties(deployment, POOL, ACCOUNT)?.account).toBe(ACCOUNT);
  });

  it("is no one's when the pool is on neither side or on both", () => {
    expect(activityParties(deployment, ACCOUNT, OTHER)).toBeUndefined();
    expect(activityParties(deployment, POOL, POOL)).toBeUndefined();
  });

  it("feeds the app's own rule: CRAP into the pool is not a stake", () => {
    const parties = activityParties(deployment, ACCOUNT, POOL)!;
    const crap = toAddress(deployment.crapToken);
    expect(classifyTransfer({ token: crap, from: ACCOUNT, to: POOL, value: 1n }, parties)).toBeUndefined();
  });
});
