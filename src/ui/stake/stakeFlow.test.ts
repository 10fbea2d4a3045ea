import { describe, expect, it } from "vitest";
import { ContractRevertError } from "../../domain/errors/contractRevertError";
import { TransactionReplacedError } from "../../domain/errors/transactionReplacedError";
import { UserRejectedError } from "../../domain/errors/userRejectedError";
import { PartialBatchError } from "../../domain/errors/partialBatchError";
import { errorResult, successResult, transactionProgress, UPGRADE_DECLINED_NOTICE } from "./stakeFlow";

const hash = `0x${"12".repeat(32)}` as const;
const cancel = `0x${"34".repeat(32)}` as const;
const explorer = "https://sepolia.etherscan.io";

describe("transactionProgress", () => {
  it("names the step, what the user waits for, and links the pending transaction once sent", () => {
    expect(transactionProgress({ type: "requested", kind: "approve" }, explorer)).toEqual({
      step: "processing",
      status: "Approving POO…",
      detail: "Confirm the approval of this quantity in your wallet.",
    });
    expect(transactionProgress({ type: "sent", kind: "approve", hash }, explorer)).toEqual({
      step: "processing",
      status: "Approving POO…",
      detail: "Waiting for the approval to be confirmed…",
      transaction: { hash, explorerUrl: explorer },
    });
    expect(transactionProgress({ type: "requested", kind: "stake" }, explorer)).toMatchObject({
      status: "Staking POO…",
      detail: "Confirm the stake in your wallet.",
    });
    expect(transactionProgress({ type: "sent", kind: "withdraw", hash }, undefined)).toMatchObject({
      status: "Unstaking…",
      detail: "Waiting for the withdrawal to be confirmed…",
      transaction: { hash, explorerUrl: undefined },
    });
  });
});

describe("transactionProgress for a batch", () => {
  it("asks once for both, waits without a link until the wallet reports the transaction, then links it", () => {
    expect(transactionProgress({ type: "requested", kind: "approve-and-stake" }, explorer)).toEqual({
      step: "processing",
      status: "Approving and staking POO…",
      detail: "Confirm the approval and the stake in your wallet: one confirmation for both.",
    });
    expect(
      transactionProgress({ type: "batch-sent", kind: "approve-and-stake", batchId: "0x01" }, explorer),
    ).toEqual({
      step: "processing",
      status: "Approving and staking POO…",
      detail: "Waiting for the approval and the stake to be confirmed…",
    });
    expect(
      transactionProgress(
        {
          type: "batch-settled",
          kind: "approve-and-stake",
          batchId: "0x01",
          outcome: { status: "success", hash, blockNumber: 7n },
        },
        explorer,
      ),
    ).toMatchObject({ detail: "Confirmed.", transaction: { hash, explorerUrl: explorer } });
  });

  it("says so when the declined upgrade sends the two transactions instead", () => {
    expect(
      transactionProgress(
        { type: "fallback", kind: "approve-and-stake", reason: "upgrade-declined" },
        explorer,
      ),
    ).toEqual({
      step: "processing",
      status: "Approving POO…",
      detail: "Confirm the approval of this quantity in your wallet.",
      notice: UPGRADE_DECLINED_NOTICE,
    });
    expect(UPGRADE_DECLINED_NOTICE).toBe(
      "You declined the account upgrade, so the approval and the stake go as two transactions: two confirmations.",
    );
  });
});

describe("results", () => {
  it("links the transaction on success", () => {
    expect(successResult("Stake successful", hash, explorer)).toEqual({
      step: "result",
      outcome: "success",
      message: "Stake successful",
      transaction: { hash, explorerUrl: explorer },
    });
  });

  it("shows a user rejection's short message", () => {
    expect(errorResult(new UserRejectedError(), undefined)).toEqual({
      step: "result",
      outcome: "error",
      message: "You rejected the request in your wallet.",
    });
  });

  it("links a transaction that reverted on chain", () => {
    const result = errorResult(new ContractRevertError({ transactionHash: hash }), "https://x.example");
    expect(result).toMatchObject({
      outcome: "error",
      message: "The transaction failed on chain.",
      transaction: { hash, explorerUrl: "https://x.example" },
    });
  });

  it("a cancelled stake is an error linking the cancel", () => {
    const error = new TransactionReplacedError({
      action: "stake",
      reason: "cancelled",
      transactionHash: cancel,
      originalHash: hash,
    });
    expect(errorResult(error, explorer)).toEqual({
      step: "result",
      outcome: "error",
      message: "Your stake was cancelled in your wallet. Nothing was staked.",
      transaction: { hash: cancel, explorerUrl: explorer },
    });
  });

  it("a batch approved but not staked is an error linking the stake that failed", () => {
    const error = new PartialBatchError({
      approvalHash: cancel,
      approvedAmount: 150n * 10n ** 18n,
      stakeHash: hash,
    });
    expect(errorResult(error, explorer)).toEqual({
      step: "result",
      outcome: "error",
      message:
        "Approved but not staked. The stake failed on chain. Your approval of 150 POO stays: stake again to use it, or revoke it in your wallet.",
      transaction: { hash, explorerUrl: explorer },
    });
  });

  it("wraps anything else in a short message", () => {
    expect(errorResult(new Error("boom"), undefined)).toMatchObject({
      message: "Something went wrong. Please try again.",
    });
  });
});
