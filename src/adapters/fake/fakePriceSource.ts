import type { PriceSource } from "../../application/ports/priceSource";

/** Answers a set price, or rejects with a set error until cleared. Counts requests. */
export class FakePriceSource implements PriceSource {
  requests = 0;
  private answer: { readonly price: number } | { readonly error: unknown };

  constructor(price: number = 0.0042) {
    this.answer = { price };
  }

  setPrice(price: number): this {
    this.answer = { price };
    return this;
  }

  /** Every request rejects with `error` until setPrice is called. */
  failWith(error: unknown): this {
    this.answer = { error };
    return this;
  }

  async getPooUsdPrice(): Promise<number> {
    this.requests += 1;
    if ("error" in this.answer) throw this.answer.error;
    return this.answer.price;
  }
}
