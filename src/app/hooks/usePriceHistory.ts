import { keepPreviousData, useQuery, type UseQueryResult } from "@tanstack/react-query";
import type { PriceHistory, PriceHistoryPeriod } from "../../domain/priceHistory";
import { bindPriceHistory } from "../container/bindPriceHistory";
import { useContainer } from "../container/ContainerContext";
import { TOKENS } from "../container/tokens";
import { priceKeys } from "../query/queryKeys";

/** The API keeps a period's answer for a minute; the chart asks again every five. */
const FIVE_MINUTES_MS = 5 * 60 * 1000;

/** The POO price history of one period; the previous period stays drawn while the next one loads. */
export function usePriceHistory(period: PriceHistoryPeriod): UseQueryResult<PriceHistory> {
  const container = useContainer();
  return useQuery({
    queryKey: priceKeys.history(period),
    queryFn: () => {
      bindPriceHistory(container);
      return container.get(TOKENS.loadPriceHistory).execute(period);
    },
    staleTime: FIVE_MINUTES_MS,
    refetchInterval: FIVE_MINUTES_MS,
    placeholderData: keepPreviousData,
  });
}
