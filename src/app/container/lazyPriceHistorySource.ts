import type { PriceHistorySource } from "../../application/ports/priceHistorySource";

/**
 * The API's price history, its adapter (and its answer's schema) loaded on the first read: only the
 * chart reads it, and the chart loads after the first paint, so none of it weighs on start-up. A
 * failed load is tried again on the next read.
 */
export function lazyPriceHistorySource(apiBaseUrl: string, fetchFn?: typeof fetch): PriceHistorySource {
  let source: Promise<PriceHistorySource> | undefined;
  return {
    async loadHistory(period) {
      source ??= import("../../adapters/http/HttpPriceHistorySource").then(
        ({ HttpPriceHistorySource }) => new HttpPriceHistorySource(apiBaseUrl, fetchFn),
        (error: unknown) => {
          source = undefined;
          throw error;
        },
      );
      return (await source).loadHistory(period);
    },
  };
}
