import { Hono, type Context } from "hono";
import { z } from "zod";
import { PRICE_HISTORY_PERIODS } from "../../domain/priceHistory";
import type { GetPooPrice } from "../use-cases/GetPooPrice";
import { HISTORY_TTL_MS, type GetPriceHistory } from "../use-cases/GetPriceHistory";
import type { RateLimiter } from "../ports/RateLimiter";
import type { ApiEnv } from "./ApiEnv";
import { clientRateLimitKey } from "./clientRateLimitKey";
import { jsonError } from "./jsonError";
import { rateLimit } from "./rateLimit";
import type { RateLimitPolicies } from "./rateLimitPolicies";

const periodSchema = z.enum(PRICE_HISTORY_PERIODS);

/** Per-client limits of the price routes, counted in this instance's memory (reads, no database write). */
export type PriceRouteLimits = {
  readLimiter: RateLimiter;
  policies: RateLimitPolicies;
  clientAddress: (c: Context) => string;
  now: () => number;
};

/**
 * GET /poo -> { usd, updatedAt, source } or 503 { error, lastGood? }.
 * GET /poo/history?period=1M|2M|3M -> { period, from, to, points: [{ t, usd }], sample, sampleUntil,
 * firstPointAt, source }: at most 180 points, the same for every client for a minute.
 */
export function priceRoutes(
  getPooPrice: GetPooPrice,
  getPriceHistory: GetPriceHistory,
  limits: PriceRouteLimits,
): Hono<ApiEnv> {
  const client = (c: Context) => clientRateLimitKey(limits.clientAddress(c));
  const { readLimiter, policies, now } = limits;
  return new Hono<ApiEnv>()
    .get("/poo", rateLimit(readLimiter, policies.priceByClient, client, now), async (c) => {
      const result = await getPooPrice.execute();
      if (result.ok) {
        const { usd, updatedAt, source } = result.quote;
        return c.json({ usd, updatedAt: updatedAt.toISOString(), source });
      }
      const lastGood = result.lastGood && {
        usd: result.lastGood.usd,
        updatedAt: result.lastGood.updatedAt.toISOString(),
        ageSeconds: result.lastGood.ageSeconds,
      };
      return c.json({ error: result.error, ...(lastGood ? { lastGood } : {}) }, 503, {
        "Retry-After": String(result.retryAfterSeconds),
      });
    })
    .get("/poo/history", rateLimit(readLimiter, policies.priceHistoryByClient, client, now), async (c) => {
      const values = c.req.queries("period") ?? [];
      const period = periodSchema.safeParse(values.length === 1 ? values[0] : undefined);
      if (!period.success)
        return jsonError(c, 400, "period must be one of 1M, 2M or 3M, given once (?period=1M).");
      const history = await getPriceHistory.execute(period.data);
      return c.json(
        {
          period: history.period,
          from: history.from.toISOString(),
          to: history.to.toISOString(),
          points: history.points.map((point) => ({ t: point.t.toISOString(), usd: point.usd })),
          sample: history.sample,
          sampleUntil: history.sampleUntil?.toISOString() ?? null,
          firstPointAt: history.firstPointAt?.toISOString() ?? null,
          source: history.source,
        },
        200,
        // The same for everyone: browsers and shared caches may keep it as long as the server does.
        { "Cache-Control": `public, max-age=${HISTORY_TTL_MS / 1000}` },
      );
    });
}
