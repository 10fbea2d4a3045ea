import { z } from "../../domain/zod";
import type { PriceSource } from "../../application/ports/priceSource";
import { PriceUnavailableError } from "../../domain/errors/priceUnavailableError";
import { API_REQUEST_TIMEOUT_MS } from "./apiRequestTimeout";
import { getPriceJson } from "./getPriceJson";

const priceAnswerSchema = z.object({
  usd: z.number().check(z.positive()),
  updatedAt: z.string(),
  source: z.string(),
});

/** The POO price from the project's own API (`GET {apiBaseUrl}/price/poo`), which holds the market-data key. */
export class HttpPriceSource implements PriceSource {
  constructor(
    private readonly apiBaseUrl: string,
    private readonly fetchFn: typeof fetch = (...args) => fetch(...args),
    private readonly timeoutMs: number = API_REQUEST_TIMEOUT_MS,
  ) {}

  async getPooUsdPrice(): Promise<number> {
    const body = await getPriceJson(
      this.fetchFn,
      // index.html preloads this URL (scripts/lib/pricePreload.ts): keep the two in step.
      `${this.apiBaseUrl}/price/poo`,
      this.timeoutMs,
      "the price service",
    );
    const parsed = priceAnswerSchema.safeParse(body);
    if (!parsed.success) {
      throw new PriceUnavailableError({ details: "the price service sent an unexpected answer" });
    }
    return parsed.data.usd;
  }
}
