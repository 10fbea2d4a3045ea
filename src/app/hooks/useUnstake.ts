import { useMutation, useQueryClient, type UseMutationResult } from "@tanstack/react-query";
import { ContractRevertError } from "../../domain/errors/contractRevertError";
import { toDomainError } from "../../domain/errors/toDomainError";
import { WrongChainError } from "../../domain/errors/wrongChainError";
import type { TransactionHash } from "../../domain/transactionHash";
import { TOKENS } from "../container/tokens";
import { useLazyInjection } from "../container/useInjection";
import { stakeKeys } from "../query/queryKeys";
import { useWalletAccount } from "../wallet/WalletContext";
import { useTransactionRecorder } from "./useTransactionRecords";

/** Withdraws the whole stake plus rewards for the connected account. */
export function useUnstake(): UseMutationResult<TransactionHash, Error, void> {
  const { address: account, chainId } = useWalletAccount();
  const unstake = useLazyInjection(TOKENS.unstake);
  const recorder = useTransactionRecorder();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      if (!account || chainId === undefined) throw new WrongChainError({ details: "no wallet connected" });
      try {
        const hash = await unstake().execute({ account });
        recorder.add(account, chainId, hash, "Unstake POO and claim CRAP");
        recorder.update(account, chainId, hash, { status: "confirmed" });
        return hash;
      } catch (error) {
        const domainError = toDomainError(error);
        if (domainError instanceof ContractRevertError && domainError.transactionHash) {
          recorder.add(account, chainId, domainError.transactionHash, "Unstake POO and claim CRAP");
          recorder.update(account, chainId, domainError.transactionHash, { status: "failed" });
        }
        throw domainError;
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: stakeKeys.all }),
  });
}
