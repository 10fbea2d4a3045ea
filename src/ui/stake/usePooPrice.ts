import { queryOptions, useQuery, type UseQueryResult } from "@tanstack/react-query";
import type { LookupPooPrice, PooPriceLookup } from "../../application/use-cases/lookupPooPrice";
import { useInjection } from "../services/useInjection";
import { TOKENS } from "../../application/serviceTokens";
import { PERSIST_MAX_AGE_MS } from "../query/persistMaxAge";
import { priceKeys } from "../query/queryKeys";

const FIVE_MINUTES_MS = 5 * 60 * 1000;

export function pooPriceQueryOptions(lookup: LookupPooPrice) {
  return queryOptions({
    queryKey: priceKeys.poo(),
    // The use case never rejects: "unavailable" is a result the UI shows.
    queryFn: (): Promise<PooPriceLookup> => lookup.execute(),
    staleTime: FIVE_MINUTES_MS,
    refetchInterval: FIVE_MINUTES_MS,
    gcTime: PERSIST_MAX_AGE_MS,
    meta: { persist: true },
  });
}

export function usePooPrice(): UseQueryResult<PooPriceLookup> {
  return useQuery(pooPriceQueryOptions(useInjection(TOKENS.lookupPooPrice)));
}
