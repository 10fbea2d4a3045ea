import { hashKey, useQuery, useQueryClient, type QueryKey, type UseQueryResult } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useSyncExternalStore } from "react";
import type { AccountSnapshot } from "../../application/ports/accountSnapshotSource";
import type { StakeActivity } from "../../domain/stakeActivity";
import { TOKENS } from "../../application/serviceTokens";
import { useInjection, useLazyInjection } from "../services/useInjection";
import { activityKeys, stakeKeys } from "../query/queryKeys";
import { useWalletAccount } from "./WalletContext";

/**
 * What the account snapshot shows of new activity: a stake or an unstake changes the staked amount
 * or the stake's time, a CRAP payout the CRAP balance. Rewards alone grow every block: not in it.
 */
function activityFingerprint(snapshot: AccountSnapshot | undefined): string | undefined {
  if (!snapshot) return undefined;
  return `${snapshot.stakedAmount}:${snapshot.stakedTime}:${snapshot.crapBalance}`;
}

/**
 * The connected account's stakes, unstakes and CRAP payouts on the current chain (from the indexer
 * and the chain's newest blocks, or from the chain alone): read once, then again when the account snapshot (read once per
 * block on the Stake page) shows new activity, so activity by other means (another device, a block
 * explorer) shows up within a block, and an idle page sends nothing more on a 12-second chain. The
 * snapshot is only watched here, never fetched: where nothing reads it (the launchpad), the list
 * stays as loaded.
 */
export function useStakeActivity(): UseQueryResult<StakeActivity> {
  const { address, chainId } = useWalletAccount();
  const load = useLazyInjection(TOKENS.loadStakeActivity);
  const known = useInjection(TOKENS.servedChains).some((c) => c.id === chainId);
  const snapshot = useCachedQueryData<AccountSnapshot>(stakeKeys.snapshot(chainId ?? 0, address ?? "none"));
  const query = useQuery({
    queryKey: activityKeys.list(chainId ?? 0, address ?? "none"),
    queryFn: () => load().execute(address!, chainId!),
    enabled: address !== undefined && chainId !== undefined && known,
    staleTime: Infinity,
  });
  // Read again when the figures change from one known state to another (not when the first figures
  // arrive: the first read already has them). Several lists on screen share the one read.
  const fingerprint = activityFingerprint(snapshot);
  const seen = useRef<{ account: string; fingerprint: string } | undefined>(undefined);
  const { refetch } = query;
  useEffect(() => {
    if (fingerprint === undefined) return;
    const account = `${chainId}:${address}`;
    const before = seen.current;
    seen.current = { account, fingerprint };
    if (before?.account === account && before.fingerprint !== fingerprint)
      void refetch({ cancelRefetch: false });
  }, [fingerprint, chainId, address, refetch]);
  return query;
}

/**
 * A query's data as the cache holds it, watched without a query observer: an observer would set the
 * query's options to its own (TanStack Query keeps the last observer's), and a refetch of the
 * snapshot (a stake's invalidation) would then run this watcher's options instead of the real read.
 */
function useCachedQueryData<T>(queryKey: QueryKey): T | undefined {
  const client = useQueryClient();
  const hash = hashKey(queryKey);
  const subscribe = useCallback(
    (changed: () => void) =>
      client.getQueryCache().subscribe((event) => {
        if (event.query.queryHash === hash) changed();
      }),
    [client, hash],
  );
  return useSyncExternalStore(subscribe, () => client.getQueryData<T>(queryKey));
}
