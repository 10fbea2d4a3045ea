import type { StakeStepEvent } from "../../application/use-cases/stakeWithAllowanceCheck";
import { ContractRevertError } from "../../domain/errors/contractRevertError";
import { toDomainError } from "../../domain/errors/toDomainError";
import type { ResultOutcome, ResultTransaction } from "../components/ResultDialog/ResultDialog";

/** The stake page's transaction dialogs: one step at a time, rendered by one switch. */
export type StakeFlowState =
  | { readonly step: "idle" }
  | { readonly step: "editing" }
  | { readonly step: "processing"; readonly status: string; readonly detail: string }
  | {
      readonly step: "result";
      readonly outcome: ResultOutcome;
      readonly message: string;
      readonly transaction?: ResultTransaction;
    };

export const STAKE_SUCCESS_MESSAGE = "Stake successful";
export const UNSTAKE_SUCCESS_MESSAGE = "Unstake successful";

export const APPROVING_STATUS = "Approving POO…";
export const STAKING_STATUS = "Staking POO…";
export const UNSTAKING_STATUS = "Unstaking…";

export const PREPARING_STAKE: StakeFlowState = {
  step: "processing",
  status: "Preparing your stake…",
  detail: "Checking your balance and allowance.",
};

export const UNSTAKING: StakeFlowState = {
  step: "processing",
  status: UNSTAKING_STATUS,
  detail: "Confirm the withdrawal in your wallet, then wait for it to be confirmed.",
};

/** The overlay's text for a step of the stake use case: the step, and what the user waits for. */
export function stakeProgress(event: StakeStepEvent): StakeFlowState {
  switch (event.step) {
    case "approving":
      return {
        step: "processing",
        status: APPROVING_STATUS,
        detail: event.hash
          ? "Waiting for the approval to be confirmed…"
          : "Confirm the approval of this quantity in your wallet.",
      };
    case "staking":
      return {
        step: "processing",
        status: STAKING_STATUS,
        detail: event.hash ? "Waiting for the stake to be confirmed…" : "Confirm the stake in your wallet.",
      };
    case "done":
      return { step: "processing", status: STAKING_STATUS, detail: "Confirmed." };
  }
}

export function successResult(
  message: string,
  hash: string,
  explorerUrl: string | undefined,
): StakeFlowState {
  return { step: "result", outcome: "success", message, transaction: { hash, explorerUrl } };
}

/** An Error result with the error's short message, linking the transaction when one reverted on chain. */
export function errorResult(error: unknown, explorerUrl: string | undefined): StakeFlowState {
  const domainError = toDomainError(error);
  const hash = domainError instanceof ContractRevertError ? domainError.transactionHash : undefined;
  return {
    step: "result",
    outcome: "error",
    message: domainError.shortMessage,
    ...(hash ? { transaction: { hash, explorerUrl } } : {}),
  };
}
