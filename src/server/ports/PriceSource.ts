/** One USD price observation for POO. */
export type PriceQuote = {
  usd: number;
  /** When the upstream says the price was last updated. */
  updatedAt: Date;
  /** Short identifier of where the price came from, e.g. "coinmarketcap" or "dev". */
  source: string;
};

/** Supplies the current POO price in USD. Throws PriceSourceError when it cannot. */
export interface PriceSource {
  fetchPooUsd(): Promise<PriceQuote>;
}

/** The price could not be obtained; the message is for logs, not for clients. */
export class PriceSourceError extends Error {
  override readonly name = "PriceSourceError";
}
