/** The one POO price a launch's eligibility decisions use within a time window. */
export type WindowPrice = {
  launchId: string;
  /** The window's start: decisions from it to the next window's start use this price. */
  windowStart: Date;
  usd: number;
  /** When the price source says the price was current (its age is judged from this). */
  quotedAt: Date;
  source: string;
};

/**
 * Window prices, shared by every API instance (and the re-check): the first decision of a window
 * fixes its price, every later one in that window reads it, so retrying on another instance cannot
 * pick a better price.
 */
export interface EligibilityPriceStore {
  find(launchId: string, windowStart: Date): Promise<WindowPrice | undefined>;
  /** Fixes `price` for its window unless another decision did first; returns the window's price either way. */
  fix(price: WindowPrice, fixedAt: Date): Promise<WindowPrice>;
}
