import type { Container } from "inversify";
import { HttpPriceHistorySource } from "../../adapters/http/HttpPriceHistorySource";
import { LoadPriceHistory } from "../../application/use-cases/loadPriceHistory";
import { TOKENS } from "./tokens";

/**
 * Binds the price-history use case on first use. Called by the chart's hook, which loads after the
 * first paint, so the adapter and its schema stay out of the start-up bundle.
 */
export function bindPriceHistory(container: Container): void {
  if (container.isBound(TOKENS.loadPriceHistory)) return;
  const appConfig = container.get(TOKENS.appConfig);
  container
    .bind(TOKENS.loadPriceHistory)
    .toConstantValue(new LoadPriceHistory(new HttpPriceHistorySource(appConfig.apiBaseUrl)));
}
