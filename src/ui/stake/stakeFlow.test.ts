import { describe, expect, it } from "vitest";
import { ContractRevertError } from "../../domain/errors/contractRevertError";
import { UserRejectedError } from "../../domain/errors/userRejectedError";
import { errorResult, stakeProgress, successResult } from "./stakeFlow";

const hash = `0x${"12".repeat(32)}` as const;

describe("stakeProgress", () => {
  it("names the current step of the stake", () => {
    expect(stakeProgress({ step: "approving" })).toMatchObject({ status: "Approving POO…" });
    expect(stakeProgress({ step: "approving", hash })).toMatchObject({
      status: "Approving POO…",
      detail: "Waiting for the approval to be confirmed…",
    });
    expect(stakeProgress({ step: "staking" })).toMatchObject({
      status: "Staking POO…",
      detail: "Confirm the stake in your wallet.",
    });
  });
});

describe("results", () => {
  it("links the transaction on success", () => {
    expect(successResult("Stake successful", hash, "https://sepolia.etherscan.io")).toEqual({
      step: "result",
      outcome: "success",
      message: "Stake successful",
      transaction: { hash, explorerUrl: "https://sepolia.etherscan.io" },
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
      transaction: { hash, explorerUrl: "https://x.example" },
    });
  });

  it("wraps anything else in a short message", () => {
    expect(errorResult(new Error("boom"), undefined)).toMatchObject({
      message: "Something went wrong. Please try again.",
    });
  });
});
