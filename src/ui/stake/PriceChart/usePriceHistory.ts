import { keepPreviousData, useQuery, type UseQueryResult } from "@tanstack/react-query";
import type { PriceHistory, PriceHistoryPeriod } from "../../../domain/priceHistory";
import { TOKENS } from "../../../application/serviceTokens";
import { priceKeys } from "../../query/queryKeys";
import { useInjection } from "../../services/useInjection";

/** The API keeps a period's answer for a minute; the chart asks again every five. */
const FIVE_MINUTES_MS = 5 * 60 * 1000;

/** The POO price history of one period; the previous period stays drawn while the next one loads. */
export function usePriceHistory(period: PriceHistoryPeriod): UseQueryResult<PriceHistory> {
  const load = useInjection(TOKENS.loadPriceHistory);
  return useQuery({
    queryKey: priceKeys.history(period),
    queryFn: () => load.execute(period),
    staleTime: FIVE_MINUTES_MS,
    refetchInterval: FIVE_MINUTES_MS,
    placeholderData: keepPreviousData,
  });
}
