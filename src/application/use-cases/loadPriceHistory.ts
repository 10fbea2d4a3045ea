import { toDomainError } from "../../domain/errors/toDomainError";
import type { PriceHistory, PriceHistoryPeriod } from "../../domain/priceHistory";
import type { PriceHistorySource } from "../ports/priceHistorySource";

/** The POO price over the last 1, 2 or 3 months, for the Asset Stats chart. */
export class LoadPriceHistory {
  constructor(private readonly source: PriceHistorySource) {}

  async execute(period: PriceHistoryPeriod): Promise<PriceHistory> {
    try {
      return await this.source.loadHistory(period);
    } catch (error) {
      throw toDomainError(error);
    }
  }
}
