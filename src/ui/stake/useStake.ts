import { useMutation, useQueryClient, type UseMutationResult } from "@tanstack/react-query";
import type { Signer } from "../../application/ports/signer";
import type { StakeResult } from "../../application/use-cases/stakeWithAllowanceCheck";
import type { TransactionEventListener } from "../../application/use-cases/trackTransaction";
import { formatTokenExact } from "../../domain/displayFormat";
import { toDomainError } from "../../domain/errors/toDomainError";
import { WrongChainError } from "../../domain/errors/wrongChainError";
import { TOKENS } from "../../application/serviceTokens";
import { useLazyInjection } from "../services/useInjection";
import { stakeKeys } from "../query/queryKeys";
import { useWalletAccount } from "../hooks/WalletContext";
import { useTransactionJournal } from "../hooks/useTransactionRecords";

export interface StakeVariables {
  quantity: bigint;
  onEvent?: TransactionEventListener;
}

/**
 * Runs the stake use case for the account and chain connected when Enter was pressed (the flow is
 * pinned to them), records each transaction from its own outcome, and refreshes the figures.
 */
export function useStake(): UseMutationResult<StakeResult, Error, StakeVariables> {
  const { address: account, chainId } = useWalletAccount();
  const stake = useLazyInjection(TOKENS.stakeWithAllowanceCheck);
  const journal = useTransactionJournal();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ quantity, onEvent }: StakeVariables) => {
      if (!account || chainId === undefined) throw new WrongChainError({ details: "no wallet connected" });
      const signer: Signer = { account, chainId };
      const amount = formatTokenExact(quantity);
      const { onEvent: record, release } = journal(signer, (kind) =>
        kind === "approve"
          ? `Approve ${amount} POO`
          : kind === "approve-and-stake"
            ? `Approve and stake ${amount} POO`
            : `Stake ${amount} POO`,
      );
      try {
        return await stake().execute({
          signer,
          quantity,
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
