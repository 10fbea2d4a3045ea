import { useState } from "react";
import { useStake } from "./useStake";
import { useUnstake } from "./useUnstake";
import {
  errorResult,
  PREPARING_STAKE,
  PREPARING_UNSTAKE,
  STAKE_SUCCESS_MESSAGE,
  successResult,
  transactionProgress,
  UNSTAKE_SUCCESS_MESSAGE,
  type StakeFlowState,
} from "./stakeFlow";

export interface StakeFlow {
  state: StakeFlowState;
  openStakeDialog: () => void;
  /** Cancel in the stake dialog, or Dismiss on a result. */
  close: () => void;
  /** Enter in the stake dialog: the only way a stake is sent. */
  stake: (quantity: bigint) => void;
  unstake: () => void;
}

/** Drives the stake and unstake dialogs from the use-case hooks; the hooks refresh the figures. */
export function useStakeFlow(explorerUrl: string | undefined): StakeFlow {
  const stakeMutation = useStake();
  const unstakeMutation = useUnstake();
  const [state, setState] = useState<StakeFlowState>({ step: "idle" });
  const busy = state.step === "processing";

  return {
    state,
    openStakeDialog: () => {
      if (!busy) setState({ step: "editing" });
    },
    close: () => {
      if (!busy) setState({ step: "idle" });
    },
    stake: (quantity) => {
      if (busy) return;
      setState(PREPARING_STAKE);
      // Once said (the upgrade declined), the notice stays for the rest of the flow.
      let notice: string | undefined;
      stakeMutation.mutate(
        {
          quantity,
          onEvent: (event) => {
            const progress = transactionProgress(event, explorerUrl);
            if (progress.step === "processing" && progress.notice) notice = progress.notice;
            setState(progress.step === "processing" && notice ? { ...progress, notice } : progress);
          },
        },
        {
          onSuccess: ({ stakeHash }) =>
            setState(successResult(STAKE_SUCCESS_MESSAGE, stakeHash, explorerUrl)),
          onError: (error) => setState(errorResult(error, explorerUrl)),
        },
      );
    },
    unstake: () => {
      if (busy) return;
      setState(PREPARING_UNSTAKE);
      unstakeMutation.mutate(
        { onEvent: (event) => setState(transactionProgress(event, explorerUrl)) },
        {
          onSuccess: (hash) => setState(successResult(UNSTAKE_SUCCESS_MESSAGE, hash, explorerUrl)),
          onError: (error) => setState(errorResult(error, explorerUrl)),
        },
      );
    },
  };
}
