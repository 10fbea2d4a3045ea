import type { ReactNode } from "react";
import { usePriceHistory } from "./usePriceHistory";
import type { PriceHistoryPeriod } from "../../../domain/priceHistory";
import { PriceHistoryChart } from "./PriceHistoryChart";

/** The chart with its data: loaded lazily by the Stake page, after first paint. */
export default function PriceHistoryPanel({
  period,
  currentUsd,
}: {
  period: PriceHistoryPeriod;
  currentUsd: number | undefined;
}): ReactNode {
  const query = usePriceHistory(period);
  return (
    <PriceHistoryChart
      period={query.data?.period ?? period}
      history={query.data}
      failed={query.isError}
      currentUsd={currentUsd}
    />
  );
}
