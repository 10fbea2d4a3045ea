import { queryOptions, useQuery, type Query, type UseQueryResult } from "@tanstack/react-query";
import type { AccountSnapshot } from "../../application/ports/accountSnapshotSource";
import type { LoadAccountSnapshot } from "../../application/use-cases/loadAccountSnapshot";
import type { Address } from "../../domain/address";
import { useInjection, useLazyInjection } from "../services/useInjection";
import { TOKENS } from "../../application/serviceTokens";
import { BlockPacer } from "../query/blockPacer";
import { PERSIST_MAX_AGE_MS } from "../query/persistMaxAge";
import { stakeKeys } from "../query/queryKeys";
import { SESSION_STARTED_AT } from "../query/sessionStart";
import { useWalletAccount } from "./WalletContext";

/** One pacer per snapshot query (chain and account), kept while the page lives. */
const pacers = new Map<string, BlockPacer>();

/**
 * When to read the snapshot again: just after the chain's next block (BlockPacer), so an open page
 * reads once per block. TanStack Query skips the timer's reads while the tab is hidden.
 */
export function snapshotRefetchDelay(query: Query<AccountSnapshot>, blockTimeMs: number): number {
  const snapshot = query.state.data;
  if (!snapshot || query.state.dataUpdatedAt < SESSION_STARTED_AT) return blockTimeMs;
  let pacer = pacers.get(query.queryHash);
  if (!pacer) {
    pacer = new BlockPacer({ blockTimeMs });
    pacers.set(query.queryHash, pacer);
  }
  return pacer.delayAfter({
    blockNumber: snapshot.blockNumber,
    blockTimestamp: snapshot.blockTimestamp,
    readAtMs: query.state.dataUpdatedAt,
  });
}

export function accountSnapshotQueryOptions(
  load: () => LoadAccountSnapshot,
  chainId: number,
  account: Address,
  blockTimeMs: number,
) {
  return queryOptions({
    queryKey: stakeKeys.snapshot(chainId, account),
    queryFn: () => load().execute(account, chainId),
    refetchInterval: (query: Query<AccountSnapshot>) => snapshotRefetchDelay(query, blockTimeMs),
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
  const chains = useInjection(TOKENS.servedChains);
  const chain = chains.find((c) => c.id === chainId);
  const query = useQuery({
    ...accountSnapshotQueryOptions(
      load,
      chainId ?? 0,
      address ?? ("0x" as Address),
      chain?.blockTimeMs ?? chains[0].blockTimeMs,
    ),
    enabled: address !== undefined && chain !== undefined,
  });
  return Object.assign(query, {
    isFromPreviousVisit: query.data !== undefined && query.dataUpdatedAt < SESSION_STARTED_AT,
    account: address,
    isWrongChain: address !== undefined && chainId !== undefined && chain === undefined,
  });
}
