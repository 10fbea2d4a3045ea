import { useMutation, useQueryClient, type UseMutationResult } from "@tanstack/react-query";
import type { StakeResult, StakeStepEvent } from "../../application/use-cases/stakeWithAllowanceCheck";
import { formatTokenExact } from "../../domain/displayFormat";
import { toDomainError } from "../../domain/errors/toDomainError";
import { ContractRevertError } from "../../domain/errors/contractRevertError";
import { WrongChainError } from "../../domain/errors/wrongChainError";
import type { TransactionHash } from "../../domain/transactionHash";
import { TOKENS } from "../container/tokens";
import { useLazyInjection } from "../container/useInjection";
import { stakeKeys } from "../query/queryKeys";
import { useWalletAccount } from "../wallet/WalletContext";
import { useTransactionRecorder } from "./useTransactionRecords";

export interface StakeVariables {
  quantity: bigint;
  onStep?: (event: StakeStepEvent) => void;
}

/** Runs the stake use case for the connected account, records each transaction and refreshes the figures. */
export function useStake(): UseMutationResult<StakeResult, Error, StakeVariables> {
  const { address: account, chainId } = useWalletAccount();
  const stake = useLazyInjection(TOKENS.stakeWithAllowanceCheck);
  const recorder = useTransactionRecorder();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ quantity, onStep }: StakeVariables) => {
      if (!account || chainId === undefined) throw new WrongChainError({ details: "no wallet connected" });
      const amount = formatTokenExact(quantity);
      let pending: TransactionHash | undefined;
      try {
        return await stake().execute({
          account,
          quantity,
          onStep: (event) => {
            if (event.hash && event.step !== "done" && event.hash !== pending) {
              if (pending) recorder.update(account, chainId, pending, { status: "confirmed" });
              pending = event.hash;
              const label = event.step === "approving" ? `Approve ${amount} POO` : `Stake ${amount} POO`;
              recorder.add(account, chainId, event.hash, label);
            }
            if (event.step === "done" && pending)
              recorder.update(account, chainId, pending, { status: "confirmed" });
            onStep?.(event);
          },
        });
      } catch (error) {
        const domainError = toDomainError(error);
        if (pending && domainError instanceof ContractRevertError) {
          recorder.update(account, chainId, pending, { status: "failed" });
        }
        throw domainError;
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: stakeKeys.all }),
  });
}
