import { Hono } from "hono";
import type { GetPooPrice } from "../use-cases/GetPooPrice";
import type { ApiEnv } from "./ApiEnv";

/** GET /poo -> { usd, updatedAt, source } or 503 { error, lastGood? }. */
export function priceRoutes(getPooPrice: GetPooPrice): Hono<ApiEnv> {
  return new Hono<ApiEnv>().get("/poo", async (c) => {
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
  });
}
