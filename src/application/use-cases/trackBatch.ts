import { BatchDroppedError } from "../../domain/errors/batchDroppedError";
import { ContractRevertError } from "../../domain/errors/contractRevertError";
import type { DomainError } from "../../domain/errors/domainError";
import { PartialBatchError } from "../../domain/errors/partialBatchError";
import { TransactionReplacedError } from "../../domain/errors/transactionReplacedError";
import type { Signer } from "../ports/signer";
import type { BatchId, BatchOutcome, StakeBatchGateway } from "../ports/stakeBatchGateway";
import type { TransactionEventListener } from "./trackTransaction";

/** Asks the wallet to send the approval and the stake as one batch, then waits for it, reporting each step. */
export async function trackApproveAndStake(
  batches: StakeBatchGateway,
  signer: Signer,
  quantity: bigint,
  onEvent: TransactionEventListener | undefined,
): Promise<BatchOutcome> {
  const kind = "approve-and-stake";
  onEvent?.({ type: "requested", kind });
  const batchId: BatchId = await batches.sendApproveAndStake(signer, quantity);
  onEvent?.({ type: "batch-sent", kind, batchId });
  const outcome = await batches.waitForBatch(batchId, signer);
  onEvent?.({ type: "batch-settled", kind, batchId, outcome });
  return outcome;
}

/** The calls of the approve-and-stake batch, by index, in the words of the messages. */
const CALLS = ["approval", "stake"] as const;

/**
 * The error a batch's outcome other than success stands for: the call that failed and why ("The
 * stake failed on chain: the pool is paused."), the approval that went through without the stake,
 * its replacement, or the wallet dropping it (or reporting a failure it names no transaction for).
 */
export function batchOutcomeError(outcome: BatchOutcome): DomainError | undefined {
  const { status, hash } = outcome;
  if (status === "success") return undefined;
  if (status === "failed") return new BatchDroppedError({ reported: "failed" });
  if (status === "dropped" || hash === undefined) return new BatchDroppedError();
  const failed = outcome.failedCall;
  if (status === "partial" && outcome.approval) {
    const stakeReverted = hash !== outcome.approval.hash;
    return new PartialBatchError({
      approvalHash: outcome.approval.hash,
      approvedAmount: outcome.approval.amount,
      ...(stakeReverted ? { stakeHash: hash } : {}),
      ...(stakeReverted && failed?.reason ? { stakeReason: failed.reason } : {}),
    });
  }
  if (status === "reverted" || status === "partial") {
    const action = CALLS[failed?.index ?? 1] ?? "stake";
    return (
      failed?.reason?.minedAs(action, hash) ??
      new ContractRevertError({ transactionHash: hash, failedAction: action })
    );
  }
  return new TransactionReplacedError({
    action: "stake",
    reason: status,
    transactionHash: hash,
    originalHash: hash,
  });
}
