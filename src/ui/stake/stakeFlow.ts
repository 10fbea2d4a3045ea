import type { TransactionEvent } from "../../application/use-cases/trackTransaction";
import { ContractRevertError } from "../../domain/errors/contractRevertError";
import { PartialBatchError } from "../../domain/errors/partialBatchError";
import { toDomainError } from "../../domain/errors/toDomainError";
import { TransactionReplacedError } from "../../domain/errors/transactionReplacedError";
import type { ResultOutcome, ResultTransaction } from "../components/ResultDialog/ResultDialog";

/** The stake page's transaction dialogs: one step at a time, rendered by one switch. */
export type StakeFlowState =
  | { readonly step: "idle" }
  | { readonly step: "editing" }
  | {
      readonly step: "processing";
      readonly status: string;
      readonly detail: string;
      /** The transaction being waited for, once the wallet sent it. */
      readonly transaction?: ResultTransaction;
      /** Said for the rest of the flow, e.g. that the batch fell back to two transactions. */
      readonly notice?: string;
    }
  | {
      readonly step: "result";
      readonly outcome: ResultOutcome;
      readonly message: string;
      readonly transaction?: ResultTransaction;
    };

export const STAKE_SUCCESS_MESSAGE = "Stake successful";
export const UNSTAKE_SUCCESS_MESSAGE = "Unstake successful";

export const APPROVING_STATUS = "Approving POO…";
export const APPROVING_AND_STAKING_STATUS = "Approving and staking POO…";
export const STAKING_STATUS = "Staking POO…";
export const UNSTAKING_STATUS = "Unstaking…";

export const PREPARING_STAKE: StakeFlowState = {
  step: "processing",
  status: "Preparing your stake…",
  detail: "Checking your balance and allowance.",
};

export const PREPARING_UNSTAKE: StakeFlowState = {
  step: "processing",
  status: UNSTAKING_STATUS,
  detail: "Checking your stake.",
};

/** Said once the user declined the account upgrade, for the rest of the flow. */
export const UPGRADE_DECLINED_NOTICE =
  "You declined the account upgrade, so the approval and the stake go as two transactions: two confirmations.";

const STATUS = {
  approve: APPROVING_STATUS,
  stake: STAKING_STATUS,
  withdraw: UNSTAKING_STATUS,
  "approve-and-stake": APPROVING_AND_STAKING_STATUS,
} as const;
const ASK = {
  approve: "Confirm the approval of this quantity in your wallet.",
  stake: "Confirm the stake in your wallet.",
  withdraw: "Confirm the withdrawal in your wallet.",
  "approve-and-stake": "Confirm the approval and the stake in your wallet: one confirmation for both.",
} as const;
const WAIT = {
  approve: "Waiting for the approval to be confirmed…",
  stake: "Waiting for the stake to be confirmed…",
  withdraw: "Waiting for the withdrawal to be confirmed…",
  "approve-and-stake": "Waiting for the approval and the stake to be confirmed…",
} as const;

/**
 * The overlay for a transaction event of a flow: which step, what the user waits for, and the
 * pending transaction's explorer link once it was sent (a batch's, once it is mined).
 */
export function transactionProgress(
  event: TransactionEvent,
  explorerUrl: string | undefined,
): StakeFlowState {
  const status = STATUS[event.kind];
  switch (event.type) {
    case "fallback":
      return {
        step: "processing",
        status: APPROVING_STATUS,
        detail: ASK.approve,
        notice: UPGRADE_DECLINED_NOTICE,
      };
    case "batch-sent":
      return { step: "processing", status, detail: WAIT[event.kind] };
    case "batch-settled":
      return {
        step: "processing",
        status,
        detail: event.outcome.status === "success" ? "Confirmed." : "Settled.",
        ...(event.outcome.hash ? { transaction: { hash: event.outcome.hash, explorerUrl } } : {}),
      };
    case "requested":
      return { step: "processing", status, detail: ASK[event.kind] };
    case "sent":
    case "seen":
      return {
        step: "processing",
        status,
        detail: WAIT[event.kind],
        transaction: { hash: event.hash, explorerUrl },
      };
    case "settled":
      return {
        step: "processing",
        status,
        detail: event.outcome.status === "success" ? "Confirmed." : "Settled.",
        transaction: { hash: event.outcome.hash, explorerUrl },
      };
  }
}

export function successResult(
  message: string,
  hash: string,
  explorerUrl: string | undefined,
): StakeFlowState {
  return { step: "result", outcome: "success", message, transaction: { hash, explorerUrl } };
}

/**
 * An Error result with the error's short message, linking the transaction when one was mined: a
 * revert on chain, the wallet's cancel that took the transaction's place, or a batch's approval
 * (or its stake that reverted) when only the approval went through.
 */
export function errorResult(error: unknown, explorerUrl: string | undefined): StakeFlowState {
  const domainError = toDomainError(error);
  const hash =
    domainError instanceof ContractRevertError ||
    domainError instanceof TransactionReplacedError ||
    domainError instanceof PartialBatchError
      ? domainError.transactionHash
      : undefined;
  return {
    step: "result",
    outcome: "error",
    message: domainError.shortMessage,
    ...(hash ? { transaction: { hash, explorerUrl } } : {}),
  };
}
