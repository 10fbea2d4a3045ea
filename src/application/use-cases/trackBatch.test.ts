import { describe, expect, it } from "vitest";
import { fakeTransactionHash } from "../../adapters/fake/fakeTransactionHash";
import { BatchDroppedError } from "../../domain/errors/batchDroppedError";
import { ContractRevertError } from "../../domain/errors/contractRevertError";
import { PartialBatchError } from "../../domain/errors/partialBatchError";
import { TransactionReplacedError } from "../../domain/errors/transactionReplacedError";
import { batchOutcomeError } from "./trackBatch";

const APPROVAL = fakeTransactionHash(0xa1, 1);
const STAKE = fakeTransactionHash(0x5e, 2);
const E18 = 10n ** 18n;
const approval = { hash: APPROVAL, amount: 150n * E18 };
const paused = new ContractRevertError({ errorName: "EnforcedPause" });

describe("batchOutcomeError: what each batch outcome says", () => {
  it("success: nothing", () => {
    expect(batchOutcomeError({ status: "success", hash: STAKE, blockNumber: 7n, approval })).toBeUndefined();
  });

  it("reverted: the call that failed and why, linked to the transaction", () => {
    const error = batchOutcomeError({
      status: "reverted",
      hash: STAKE,
      blockNumber: 7n,
      failedCall: { index: 1, reason: paused },
    });
    expect(error).toBeInstanceOf(ContractRevertError);
    expect(error?.shortMessage).toBe("The stake failed on chain: the pool is paused.");
    expect((error as ContractRevertError).transactionHash).toBe(STAKE);
  });

  it("partial, the stake reverted: approved but not staked, with the replayed reason", () => {
    const error = batchOutcomeError({
      status: "partial",
      hash: STAKE,
      blockNumber: 7n,
      approval,
      failedCall: { index: 1, reason: paused },
    });
    expect(error).toBeInstanceOf(PartialBatchError);
    expect(error?.shortMessage).toBe(
      "Approved but not staked. The stake failed on chain: the pool is paused. Your approval of 150 POO stays: stake again to use it, or revoke it in your wallet.",
    );
    expect((error as PartialBatchError).transactionHash).toBe(STAKE);
  });

  it("partial, no stake mined: the approval, and that the stake did not go through", () => {
    const error = batchOutcomeError({ status: "partial", hash: APPROVAL, blockNumber: 7n, approval });
    expect(error?.shortMessage).toContain("Approved but not staked. The stake did not go through.");
    expect((error as PartialBatchError).transactionHash).toBe(APPROVAL);
  });

  it("cancelled or replaced: never a success, with the transaction that took its place", () => {
    expect(batchOutcomeError({ status: "cancelled", hash: STAKE, blockNumber: 7n })).toBeInstanceOf(
      TransactionReplacedError,
    );
    expect(batchOutcomeError({ status: "replaced", hash: STAKE, blockNumber: 7n })?.shortMessage).toBe(
      "Your stake was replaced by another transaction in your wallet. Nothing was staked. Check your wallet's activity.",
    );
  });

  it("dropped (400): the wallet did not send it; failed (500+, no receipt): the wallet's report", () => {
    const dropped = batchOutcomeError({ status: "dropped", hash: undefined, blockNumber: undefined });
    expect(dropped).toBeInstanceOf(BatchDroppedError);
    expect(dropped?.shortMessage).toBe(
      "Your wallet did not send the approval and the stake. Nothing was staked.",
    );
    const failed = batchOutcomeError({ status: "failed", hash: undefined, blockNumber: undefined });
    expect(failed).toBeInstanceOf(BatchDroppedError);
    expect(failed?.shortMessage).toBe(
      "Your wallet reports that the approval and the stake failed, without naming a transaction. Check your wallet's activity before you stake again.",
    );
  });
});
