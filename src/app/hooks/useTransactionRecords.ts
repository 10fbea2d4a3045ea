import { useQuery, useQueryClient, type UseQueryResult } from "@tanstack/react-query";
import { useCallback } from "react";
import type { TransactionStatusUpdate } from "../../application/use-cases/updateTransactionStatus";
import type { Address } from "../../domain/address";
import type { TransactionHash } from "../../domain/transactionHash";
import type { TransactionRecord } from "../../domain/transactionRecord";
import { TOKENS } from "../container/tokens";
import { useInjection } from "../container/useInjection";
import { transactionKeys } from "../query/queryKeys";
import { useWalletAccount } from "../wallet/WalletContext";

/** Every pending record plus the 10 newest others for the connected account and chain. */
export function useTransactionRecords(): UseQueryResult<TransactionRecord[]> {
  const { address, chainId } = useWalletAccount();
  const list = useInjection(TOKENS.listTransactions);
  return useQuery({
    queryKey: transactionKeys.list(chainId ?? 0, address ?? "none"),
    queryFn: () => (address && chainId ? list.execute({ account: address, chainId }) : []),
    enabled: address !== undefined && chainId !== undefined,
    staleTime: Infinity,
  });
}

export interface TransactionRecorder {
  add(account: Address, chainId: number, hash: TransactionHash, description: string): void;
  update(account: Address, chainId: number, hash: TransactionHash, update: TransactionStatusUpdate): void;
}

/** Writes records through the use cases and refreshes the list that shows them. */
export function useTransactionRecorder(): TransactionRecorder {
  const record = useInjection(TOKENS.recordTransaction);
  const updateStatus = useInjection(TOKENS.updateTransactionStatus);
  const queryClient = useQueryClient();
  const refresh = useCallback(
    (account: Address, chainId: number) =>
      void queryClient.invalidateQueries({ queryKey: transactionKeys.list(chainId, account) }),
    [queryClient],
  );
  const add = useCallback(
    (account: Address, chainId: number, hash: TransactionHash, description: string) => {
      record.execute({ account, chainId }, { hash, description, status: "pending" });
      refresh(account, chainId);
    },
    [record, refresh],
  );
  const update = useCallback(
    (account: Address, chainId: number, hash: TransactionHash, change: TransactionStatusUpdate) => {
      updateStatus.execute({ account, chainId }, hash, change);
      refresh(account, chainId);
    },
    [updateStatus, refresh],
  );
  return { add, update };
}
