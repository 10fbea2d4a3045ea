import { describe, expect, it } from "vitest";
import { PriceSourceError, type PriceQuote, type PriceSource } from "../ports/PriceSource";
import { memoryLogger } from "../testing/memoryLogger";
import { GetPooPrice } from "./GetPooPrice";

const START = Date.parse("2025-06-02T10:15:00Z");

function scriptedSource(...answers: Array<PriceQuote | Error>): PriceSource & { calls: number } {
  const source = {
    calls: 0,
    async fetchPooUsd(): Promise<PriceQuote> {
      const answer = answers[Math.min(source.calls, answers.length - 1)];
      source.calls += 1;
      if (answer === undefined || answer instanceof Error) throw answer ?? new Error("no answer scripted");
      return answer;
    },
  };
  return source;
}

const quote = (usd: number, at = START): PriceQuote => ({ usd, updatedAt: new Date(at), source: "test" });

function setup(source: PriceSource) {
  const clock = { now: START };
  const logger = memoryLogger();
  const useCase = new GetPooPrice({ source, logger, now: () => clock.now });
  return { clock, logger, useCase };
}

describe("GetPooPrice", () => {
  it("serves one upstream answer to everyone for five minutes", async () => {
    const source = scriptedSource(quote(0.004), quote(0.005));
    const { clock, useCase } = setup(source);
    expect(await useCase.execute()).toEqual({ ok: true, quote: quote(0.004) });
    clock.now += 5 * 60_000 - 1;
    expect(await useCase.execute()).toEqual({ ok: true, quote: quote(0.004) });
    expect(source.calls).toBe(1);
    clock.now += 1;
    expect(await useCase.execute()).toEqual({ ok: true, quote: quote(0.005) });
    expect(source.calls).toBe(2);
  });

  it("shares one upstream call between concurrent misses", async () => {
    const source = scriptedSource(quote(0.004));
    const { useCase } = setup(source);
    await Promise.all([useCase.execute(), useCase.execute(), useCase.execute()]);
    expect(source.calls).toBe(1);
  });

  it("answers a failure without a previous price with no lastGood, and logs the reason", async () => {
    const { useCase, logger } = setup(scriptedSource(new PriceSourceError("HTTP 401 invalid key")));
    expect(await useCase.execute()).toEqual({
      ok: false,
      error: "POO price is temporarily unavailable.",
      retryAfterSeconds: 30,
    });
    expect(logger.lines).toEqual([
      { level: "warn", message: "POO price refresh failed", fields: { reason: "HTTP 401 invalid key" } },
    ]);
  });

  it("offers the last good price with its age when a refresh fails, and backs off for 30 s", async () => {
    const source = scriptedSource(
      quote(0.004, START - 60_000),
      new PriceSourceError("rate limited"),
      quote(0.006),
    );
    const { clock, useCase } = setup(source);
    await useCase.execute();
    clock.now += 5 * 60_000;
    expect(await useCase.execute()).toEqual({
      ok: false,
      error: "POO price is temporarily unavailable.",
      retryAfterSeconds: 30,
      lastGood: { usd: 0.004, updatedAt: new Date(START - 60_000), ageSeconds: 360 },
    });
    clock.now += 10_000;
    const during = await useCase.execute();
    expect(during).toMatchObject({ ok: false, retryAfterSeconds: 20 });
    expect(source.calls).toBe(2);
    clock.now += 20_000;
    expect(await useCase.execute()).toEqual({ ok: true, quote: quote(0.006) });
  });
});
