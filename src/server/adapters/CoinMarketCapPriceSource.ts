import { z } from "zod";
import { OUTSIDE_CALL_TIMEOUT_MS } from "../config/answerBudget";
import { PriceSourceError, type PriceQuote, type PriceSource } from "../ports/PriceSource";

export type CoinMarketCapPriceSourceOptions = {
  apiKey: string;
  /** Injected so tests replay recorded answers; defaults to the global fetch. */
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
  slug?: string;
  baseUrl?: string;
};

const quoteEntrySchema = z.object({
  id: z.number().optional(),
  slug: z.string().optional(),
  quote: z.object({
    USD: z.object({
      price: z.number().nullable(),
      last_updated: z.string(),
    }),
  }),
});
type QuoteEntry = z.infer<typeof quoteEntrySchema>;

const statusSchema = z.object({
  status: z.object({
    error_code: z.union([z.number(), z.string()]).transform(Number),
    error_message: z.string().nullish(),
  }),
});

// v1 and v2 key `data` by id (v2 by symbol gives arrays per key); v3 answers with a plain array.
const dataSchema = z.object({
  data: z.union([
    z.array(quoteEntrySchema),
    z.record(z.string(), z.union([quoteEntrySchema, z.array(quoteEntrySchema)])),
  ]),
});

/** POO price from CoinMarketCap's quotes/latest endpoint (the API key stays on the server). */
export class CoinMarketCapPriceSource implements PriceSource {
  private readonly fetchFn: typeof globalThis.fetch;
  private readonly timeoutMs: number;
  private readonly slug: string;
  private readonly baseUrl: string;

  constructor(private readonly options: CoinMarketCapPriceSourceOptions) {
    this.fetchFn = options.fetch ?? globalThis.fetch;
    this.timeoutMs = options.timeoutMs ?? OUTSIDE_CALL_TIMEOUT_MS;
    this.slug = options.slug ?? "poo-finance";
    this.baseUrl = options.baseUrl ?? "https://pro-api.coinmarketcap.com";
  }

  async fetchPooUsd(): Promise<PriceQuote> {
    const url = new URL("/v2/cryptocurrency/quotes/latest", this.baseUrl);
    url.searchParams.set("slug", this.slug);
    url.searchParams.set("convert", "USD");

    let body: unknown;
    let httpStatus: number;
    try {
      const response = await this.fetchFn(url, {
        headers: { "X-CMC_PRO_API_KEY": this.options.apiKey, Accept: "application/json" },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      httpStatus = response.status;
      body = await response.json().catch(() => undefined);
    } catch (error) {
      if (error instanceof Error && error.name === "TimeoutError") {
        throw new PriceSourceError(`CoinMarketCap did not answer within ${this.timeoutMs} ms.`, {
          cause: error,
        });
      }
      throw new PriceSourceError("CoinMarketCap could not be reached.", { cause: error });
    }

    const status = statusSchema.safeParse(body);
    if (!status.success) {
      throw new PriceSourceError(`CoinMarketCap answered HTTP ${httpStatus} without a readable status.`);
    }
    const { error_code: code, error_message: upstreamMessage } = status.data.status;
    if (httpStatus < 200 || httpStatus > 299 || code !== 0) {
      throw new PriceSourceError(describeFailure(httpStatus, code, upstreamMessage ?? ""));
    }

    const data = dataSchema.safeParse(body);
    if (!data.success) throw new PriceSourceError("CoinMarketCap answered with an unexpected data shape.");
    const entry = this.pickEntry(data.data.data);
    const price = entry?.quote.USD.price;
    if (
      entry === undefined ||
      price === null ||
      price === undefined ||
      !Number.isFinite(price) ||
      price <= 0
    ) {
      throw new PriceSourceError(`CoinMarketCap has no USD price for "${this.slug}".`);
    }
    const updatedAt = new Date(entry.quote.USD.last_updated);
    if (Number.isNaN(updatedAt.getTime()))
      throw new PriceSourceError("CoinMarketCap sent an unreadable last_updated.");
    return { usd: price, updatedAt, source: "coinmarketcap" };
  }

  private pickEntry(data: QuoteEntry[] | Record<string, QuoteEntry | QuoteEntry[]>): QuoteEntry | undefined {
    const entries = Array.isArray(data) ? data : Object.values(data).flat();
    return (
      entries.find((entry) => entry.slug === this.slug) ?? (entries.length === 1 ? entries[0] : undefined)
    );
  }
}

function describeFailure(httpStatus: number, code: number, upstreamMessage: string): string {
  const reason = (() => {
    switch (code) {
      case 1001:
      case 1002:
        return "the API key is invalid or missing";
      case 1006:
      case 1007:
        return "the API key's plan does not allow this endpoint";
      case 1008:
      case 1009:
      case 1010:
      case 1011:
        return "the API key is rate limited or out of credits";
      default:
        return "the request was refused";
    }
  })();
  return `CoinMarketCap answered HTTP ${httpStatus} (error ${code}: ${reason}): ${upstreamMessage}`.trim();
}
