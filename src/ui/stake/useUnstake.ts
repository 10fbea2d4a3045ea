import { useMutation, useQueryClient, type UseMutationResult } from "@tanstack/react-query";
import type { Signer } from "../../application/ports/signer";
import type { TransactionEventListener } from "../../application/use-cases/trackTransaction";
import { toDomainError } from "../../domain/errors/toDomainError";
import { WrongChainError } from "../../domain/errors/wrongChainError";
import type { TransactionHash } from "../../domain/transactionHash";
import { TOKENS } from "../../application/serviceTokens";
import { useLazyInjection } from "../services/useInjection";
import { stakeKeys } from "../query/queryKeys";
import { useWalletAccount } from "../hooks/WalletContext";
import { useTransactionJournal } from "../hooks/useTransactionRecords";

export interface UnstakeVariables {
  onEvent?: TransactionEventListener;
}

/** Withdraws the whole stake plus rewards for the account and chain connected when Unstake was pressed. */
export function useUnstake(): UseMutationResult<TransactionHash, Error, UnstakeVariables> {
  const { address: account, chainId } = useWalletAccount();
  const unstake = useLazyInjection(TOKENS.unstake);
  const journal = useTransactionJournal();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ onEvent }: UnstakeVariables) => {
      if (!account || chainId === undefined) throw new WrongChainError({ details: "no wallet connected" });
      const signer: Signer = { account, chainId };
      const { onEvent: record, release } = journal(signer, () => "Unstake POO and claim CRAP");
      try {
        return await unstake().execute({
          signer,
          onEvent: (event) => {
            record(event);
            onEvent?.(event);
          },
        });
      } catch (error) {
        throw toDomainError(error);
      } finally {
        release();
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: stakeKeys.all }),
  });
}
