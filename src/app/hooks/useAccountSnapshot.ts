import { queryOptions, useQuery, type UseQueryResult } from "@tanstack/react-query";
import type { AccountSnapshot } from "../../application/ports/accountSnapshotSource";
import type { LoadAccountSnapshot } from "../../application/use-cases/loadAccountSnapshot";
import type { Address } from "../../domain/address";
import { useInjection, useLazyInjection } from "../container/useInjection";
import { TOKENS } from "../container/tokens";
import { PERSIST_MAX_AGE_MS } from "../query/createQueryClient";
import { stakeKeys } from "../query/queryKeys";
import { SESSION_STARTED_AT } from "../query/sessionStart";
import { useWalletAccount } from "../wallet/WalletContext";

/**
 * Polling every 4 s costs one eth_call per tick. Watching blocks instead would cost an
 * eth_blockNumber poll at the same interval plus a snapshot per new block, so polling is cheaper.
 */
export const ACCOUNT_POLL_INTERVAL_MS = 4_000;

export function accountSnapshotQueryOptions(
  load: () => LoadAccountSnapshot,
  chainId: number,
  account: Address,
) {
  return queryOptions({
    queryKey: stakeKeys.snapshot(chainId, account),
    queryFn: () => load().execute(account),
    refetchInterval: ACCOUNT_POLL_INTERVAL_MS,
    gcTime: PERSIST_MAX_AGE_MS,
    meta: { persist: true },
  });
}

export type AccountSnapshotQuery = UseQueryResult<AccountSnapshot> & {
  /** Figures restored from the persisted cache that the chain has not confirmed yet in this visit. */
  isFromPreviousVisit: boolean;
  account: Address | undefined;
  /** Connected to a chain the app has no deployment on: nothing is read. */
  isWrongChain: boolean;
};

export function useAccountSnapshot(): AccountSnapshotQuery {
  const { address, chainId } = useWalletAccount();
  const load = useLazyInjection(TOKENS.loadAccountSnapshot);
  const appConfig = useInjection(TOKENS.appConfig);
  const supported = appConfig.chains.some((c) => c.id === chainId);
  const query = useQuery({
    ...accountSnapshotQueryOptions(load, chainId ?? 0, address ?? ("0x" as Address)),
    enabled: address !== undefined && supported,
  });
  return Object.assign(query, {
    isFromPreviousVisit: query.data !== undefined && query.dataUpdatedAt < SESSION_STARTED_AT,
    account: address,
    isWrongChain: address !== undefined && chainId !== undefined && !supported,
  });
}
