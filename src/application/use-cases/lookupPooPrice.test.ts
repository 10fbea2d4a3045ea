import { beforeEach, describe, expect, it } from "vitest";
import { FakeClock } from "../../adapters/fake/fakeClock";
import { FakePriceSource } from "../../adapters/fake/fakePriceSource";
import { PriceUnavailableError } from "../../domain/errors/priceUnavailableError";
import { RpcUnavailableError } from "../../domain/errors/rpcUnavailableError";
import { LookupPooPrice, PRICE_CACHE_TTL_MS, PRICE_MAX_STALE_MS } from "./lookupPooPrice";

const MINUTE = 60_000;

describe("LookupPooPrice", () => {
  let prices: FakePriceSource;
  let clock: FakeClock;
  let useCase: LookupPooPrice;
  const start = new Date("2025-01-01T00:00:00Z");

  beforeEach(() => {
    prices = new FakePriceSource(0.25);
    clock = new FakeClock(start);
    useCase = new LookupPooPrice({ prices, clock });
  });

  it("caches a price for 5 minutes", async () => {
    expect(PRICE_CACHE_TTL_MS).toBe(5 * MINUTE);
    expect(await useCase.execute()).toEqual({
      status: "available",
      usd: 0.25,
      updatedAt: start,
      stale: false,
    });

    prices.setPrice(0.3);
    clock.advance(5 * MINUTE - 1);
    expect(await useCase.execute()).toMatchObject({ usd: 0.25, stale: false });
    expect(prices.requests).toBe(1);

    clock.advance(1);
    expect(await useCase.execute()).toEqual({
      status: "available",
      usd: 0.3,
      updatedAt: new Date(start.getTime() + 5 * MINUTE),
      stale: false,
    });
    expect(prices.requests).toBe(2);
  });

  it("shares one request between concurrent callers", async () => {
    const [a, b] = await Promise.all([useCase.execute(), useCase.execute()]);
    expect(a).toEqual(b);
    expect(prices.requests).toBe(1);
  });

  it("says unavailable, never $0, when the first request fails", async () => {
    prices.failWith(new RpcUnavailableError());
    const result = await useCase.execute();
    expect(result).toMatchObject({
      status: "unavailable",
      reason: "The POO price is unavailable right now.",
    });
    expect(result.status === "unavailable" && result.error).toBeInstanceOf(RpcUnavailableError);
  });

  it("does not cache failures", async () => {
    prices.failWith(new Error("down"));
    await useCase.execute();
    prices.setPrice(0.5);
    expect(await useCase.execute()).toMatchObject({ status: "available", usd: 0.5 });
    expect(prices.requests).toBe(2);
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY])(
    "treats a price of %s as unavailable",
    async (price) => {
      prices.setPrice(price);
      const result = await useCase.execute();
      expect(result.status).toBe("unavailable");
      expect(result.status === "unavailable" && result.error).toBeInstanceOf(PriceUnavailableError);
    },
  );

  it("serves a price up to 30 minutes old, flagged stale, when a refresh fails", async () => {
    expect(PRICE_MAX_STALE_MS).toBe(30 * MINUTE);
    await useCase.execute();
    prices.failWith(new RpcUnavailableError());

    clock.advance(30 * MINUTE);
    expect(await useCase.execute()).toEqual({
      status: "available",
      usd: 0.25,
      updatedAt: start,
      stale: true,
    });

    clock.advance(1);
    expect(await useCase.execute()).toMatchObject({ status: "unavailable" });
  });

  it("takes other durations", async () => {
    const quick = new LookupPooPrice({ prices, clock }, { cacheTtlMs: 1000, maxStaleMs: 0 });
    await quick.execute();
    clock.advance(1000);
    prices.failWith(new Error("down"));
    expect(await quick.execute()).toMatchObject({ status: "unavailable" });
  });
});
