import { z } from "zod";
import type { PriceSource } from "../../application/ports/priceSource";
import { PriceUnavailableError } from "../../domain/errors/priceUnavailableError";
import { RequestTimeoutError } from "../../domain/errors/requestTimeoutError";

const priceAnswerSchema = z.object({
  usd: z.number().finite().positive(),
  updatedAt: z.string(),
  source: z.string(),
});

export const PRICE_REQUEST_TIMEOUT_MS = 10_000;

/** The POO price from the project's own API (`GET {apiBaseUrl}/price/poo`), which holds the market-data key. */
export class HttpPriceSource implements PriceSource {
  constructor(
    private readonly apiBaseUrl: string,
    private readonly fetchFn: typeof fetch = (...args) => fetch(...args),
    private readonly timeoutMs: number = PRICE_REQUEST_TIMEOUT_MS,
  ) {}

  async getPooUsdPrice(): Promise<number> {
    let response: Response;
    try {
      response = await this.fetchFn(`${this.apiBaseUrl}/price/poo`, {
        headers: { accept: "application/json" },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === "TimeoutError") {
        throw new RequestTimeoutError({ cause: error, timeoutMs: this.timeoutMs });
      }
      throw new PriceUnavailableError({ cause: error, details: "the price service could not be reached" });
    }
    if (!response.ok) {
      throw new PriceUnavailableError({ details: `the price service answered HTTP ${response.status}` });
    }
    const parsed = priceAnswerSchema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) {
      throw new PriceUnavailableError({ details: "the price service sent an unexpected answer" });
    }
    return parsed.data.usd;
  }
}
