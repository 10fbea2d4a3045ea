import type { PriceHistory, PriceHistoryPeriod } from "../../domain/priceHistory";

/**
 * The POO price history the app's API records. Rejects with a domain error (PriceUnavailableError,
 * RequestTimeoutError) when there is none to give; never resolves with made-up points.
 */
export interface PriceHistorySource {
  loadHistory(period: PriceHistoryPeriod): Promise<PriceHistory>;
}
