import type { PriceQuote, PriceSource } from "../ports/PriceSource";

/** A fixed price for development without a market-data key. */
export class DevPriceSource implements PriceSource {
  constructor(
    private readonly usd: number,
    private readonly now: () => number = Date.now,
  ) {}

  async fetchPooUsd(): Promise<PriceQuote> {
    return { usd: this.usd, updatedAt: new Date(this.now()), source: "dev" };
  }
}
