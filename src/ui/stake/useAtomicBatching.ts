import { useQuery } from "@tanstack/react-query";
import { TOKENS } from "../../application/serviceTokens";
import { useLazyInjection } from "../services/useInjection";
import { feeKeys } from "../query/queryKeys";
import { useWalletAccount } from "../hooks/WalletContext";
import type { AtomicBatching } from "../../domain/stakeSending";

/**
 * What the connected wallet can batch on its chain (wallet_getCapabilities), asked again each time
 * the stake dialog opens (`enabled`): undefined until it answers; "unsupported" when it cannot tell.
 */
export function useAtomicBatching(enabled: boolean): AtomicBatching | undefined {
  const { address, chainId } = useWalletAccount();
  const batches = useLazyInjection(TOKENS.stakeBatchGateway);
  const query = useQuery({
    queryKey: feeKeys.batching(chainId ?? 0, address ?? ""),
    queryFn: () => {
      if (!address || chainId === undefined) throw new Error("useAtomicBatching: no account");
      return batches().atomicBatching({ account: address, chainId });
    },
    enabled: enabled && address !== undefined && chainId !== undefined,
    staleTime: 0,
    gcTime: 0,
  });
  return query.data;
}
