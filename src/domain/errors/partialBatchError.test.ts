import { describe, expect, it } from "vitest";
import { ContractRevertError } from "./contractRevertError";
import { PartialBatchError } from "./partialBatchError";

const APPROVAL = `0xa${"1".repeat(63)}` as const;
const STAKE = `0x5${"2".repeat(63)}` as const;
const E18 = 10n ** 18n;

describe("PartialBatchError: approved but not staked, in words", () => {
  it("the stake reverted with a replayed reason: the reason, the approval that stays, what to do", () => {
    const error = new PartialBatchError({
      approvalHash: APPROVAL,
      approvedAmount: 150n * E18,
      stakeHash: STAKE,
      stakeReason: new ContractRevertError({ errorName: "EnforcedPause" }),
    });
    expect(error.kind).toBe("batch-partial");
    expect(error.shortMessage).toBe(
      "Approved but not staked. The stake failed on chain: the pool is paused. Your approval of 150 POO stays: stake again to use it, or revoke it in your wallet.",
    );
    // The link goes to the stake that failed; both transactions are in the details.
    expect(error.transactionHash).toBe(STAKE);
    expect(error.details).toBe(`approval ${APPROVAL}, stake ${STAKE}`);
  });

  it("a require reason is said in the contract's words", () => {
    const error = new PartialBatchError({
      approvalHash: APPROVAL,
      approvedAmount: 20n * E18,
      stakeHash: STAKE,
      stakeReason: new ContractRevertError({ errorName: "Error", reason: "Staking is paused" }),
    });
    expect(error.shortMessage).toContain("The stake failed on chain: Staking is paused.");
  });

  it("the stake reverted without a reason the replay could tell", () => {
    const error = new PartialBatchError({
      approvalHash: APPROVAL,
      approvedAmount: 150n * E18 + 5n * 10n ** 17n,
      stakeHash: STAKE,
      stakeReason: new ContractRevertError(),
    });
    expect(error.shortMessage).toBe(
      "Approved but not staked. The stake failed on chain. Your approval of 150.5 POO stays: stake again to use it, or revoke it in your wallet.",
    );
  });

  it("no stake transaction mined at all: linked to the approval", () => {
    const error = new PartialBatchError({ approvalHash: APPROVAL, approvedAmount: 150n * E18 });
    expect(error.shortMessage).toBe(
      "Approved but not staked. The stake did not go through. Your approval of 150 POO stays: stake again to use it, or revoke it in your wallet.",
    );
    expect(error.transactionHash).toBe(APPROVAL);
  });
});
