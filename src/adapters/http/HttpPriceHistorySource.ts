import { z } from "zod";
import type { PriceHistorySource } from "../../application/ports/priceHistorySource";
import { PriceUnavailableError } from "../../domain/errors/priceUnavailableError";
import { RequestTimeoutError } from "../../domain/errors/requestTimeoutError";
import {
  PRICE_HISTORY_PERIODS,
  type PriceHistory,
  type PriceHistoryPeriod,
  type PricePoint,
} from "../../domain/priceHistory";

const isoDate = z.iso.datetime({ offset: true }).transform((text) => new Date(text));

const historyAnswerSchema = z.object({
  period: z.enum(PRICE_HISTORY_PERIODS),
  from: isoDate,
  to: isoDate,
  // A bad point is dropped, not the whole answer (filtered below).
  points: z.array(z.unknown()),
  sample: z.boolean(),
  sampleUntil: isoDate.nullable(),
  firstPointAt: isoDate.nullable(),
});

const pointSchema = z.object({ t: isoDate, usd: z.number().finite().positive() });

export const HISTORY_REQUEST_TIMEOUT_MS = 10_000;

/** The POO price history from the project's API (`GET {apiBaseUrl}/price/poo/history?period=1M`). */
export class HttpPriceHistorySource implements PriceHistorySource {
  constructor(
    private readonly apiBaseUrl: string,
    private readonly fetchFn: typeof fetch = (...args) => fetch(...args),
    private readonly timeoutMs: number = HISTORY_REQUEST_TIMEOUT_MS,
  ) {}

  async loadHistory(period: PriceHistoryPeriod): Promise<PriceHistory> {
    let response: Response;
    try {
      response = await this.fetchFn(`${this.apiBaseUrl}/price/poo/history?period=${period}`, {
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
      throw new PriceUnavailableError({ details: `the price history answered HTTP ${response.status}` });
    }
    const parsed = historyAnswerSchema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success || parsed.data.period !== period) {
      throw new PriceUnavailableError({ details: "the price history service sent an unexpected answer" });
    }
    const points: PricePoint[] = [];
    for (const raw of parsed.data.points) {
      const point = pointSchema.safeParse(raw);
      if (point.success && (points.at(-1)?.t.getTime() ?? -Infinity) < point.data.t.getTime()) {
        points.push(point.data);
      }
    }
    return { ...parsed.data, points };
  }
}
