import { useQuery, type UseQueryResult } from "@tanstack/react-query";
import type { ActivityEntry } from "../../domain/stakeActivity";
import { TOKENS } from "../container/tokens";
import { useInjection, useLazyInjection } from "../container/useInjection";
import { stakeKeys } from "../query/queryKeys";
import { useWalletAccount } from "../wallet/WalletContext";

/** Activity by other means (another device, a block explorer) shows up within this. */
const REFRESH_MS = 60_000;

/**
 * The connected account's stakes, unstakes and CRAP payouts on the current chain, from the chain.
 * Keyed by chain and account under "stake", so the stake and unstake flows refresh it when they settle.
 */
export function useStakeActivity(): UseQueryResult<readonly ActivityEntry[]> {
  const { address, chainId } = useWalletAccount();
  const load = useLazyInjection(TOKENS.loadStakeActivity);
  const appConfig = useInjection(TOKENS.appConfig);
  const known = appConfig.chains.some((c) => c.id === chainId);
  return useQuery({
    queryKey: stakeKeys.activity(chainId ?? 0, address ?? "none"),
    queryFn: () => load().execute(address!, chainId!),
    enabled: address !== undefined && chainId !== undefined && known,
    staleTime: REFRESH_MS / 2,
    refetchInterval: REFRESH_MS,
  });
}
