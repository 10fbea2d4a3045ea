import type { PriceHistorySource } from "../../application/ports/priceHistorySource";
import { PriceUnavailableError } from "../../domain/errors/priceUnavailableError";
import {
  PRICE_HISTORY_PERIODS,
  type PriceHistory,
  type PriceHistoryPeriod,
  type PricePoint,
} from "../../domain/priceHistory";
import { z } from "../../domain/zod";
import { API_REQUEST_TIMEOUT_MS } from "./apiRequestTimeout";
import { getPriceJson } from "./getPriceJson";
import { isoDateSchema as isoDate } from "./isoDateSchema";

const historyAnswerSchema = z.object({
  period: z.enum(PRICE_HISTORY_PERIODS),
  from: isoDate,
  to: isoDate,
  // A bad point is dropped, not the whole answer (filtered below).
  points: z.array(z.unknown()),
  sample: z.boolean(),
  sampleUntil: z.nullable(isoDate),
  firstPointAt: z.nullable(isoDate),
});

const pointSchema = z.object({ t: isoDate, usd: z.number().check(z.positive()) });

/** The POO price history from the project's API (`GET {apiBaseUrl}/price/poo/history?period=1M`). */
export class HttpPriceHistorySource implements PriceHistorySource {
  constructor(
    private readonly apiBaseUrl: string,
    private readonly fetchFn: typeof fetch = (...args) => fetch(...args),
    private readonly timeoutMs: number = API_REQUEST_TIMEOUT_MS,
  ) {}

  async loadHistory(period: PriceHistoryPeriod): Promise<PriceHistory> {
    const body = await getPriceJson(
      this.fetchFn,
      `${this.apiBaseUrl}/price/poo/history?period=${period}`,
      this.timeoutMs,
      "the price history",
    );
    const parsed = historyAnswerSchema.safeParse(body);
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
