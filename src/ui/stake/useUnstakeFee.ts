import { useQuery } from "@tanstack/react-query";
import { TOKENS } from "../../application/serviceTokens";
import { useLazyInjection } from "../services/useInjection";
import { feeKeys } from "../query/queryKeys";
import { useWalletAccount } from "../hooks/WalletContext";
import type { FeeState } from "./useStakeFee";

/**
 * Unstake's fee while the stake can be unstaked (`enabled`): read once, then again only when the
 * user points at or focuses Unstake (`refresh`) and a block time has passed, so an idle page sends
 * no more than its snapshot reads.
 */
export function useUnstakeFee(
  enabled: boolean,
  stakedTime: bigint | undefined,
  blockTimeMs: number,
): FeeState & { refresh: () => void } {
  const { address, chainId } = useWalletAccount();
  const quote = useLazyInjection(TOKENS.quoteNetworkFee);
  const ready = enabled && address !== undefined && chainId !== undefined && stakedTime !== undefined;
  const query = useQuery({
    queryKey: feeKeys.unstake(chainId ?? 0, address ?? "", stakedTime ?? 0n),
    queryFn: () => {
      if (!ready) throw new Error("useUnstakeFee: not ready");
      return quote().forUnstake({ account: address, chainId });
    },
    enabled: ready,
    staleTime: blockTimeMs,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  return {
    view: ready ? query.data : undefined,
    loading: ready && query.isPending,
    error: query.error,
    refresh: () => {
      // Pointer and focus arrive together on a click: one read, not one cancelling the other.
      if (ready && query.isStale && !query.isFetching) void query.refetch({ cancelRefetch: false });
    },
  };
}
