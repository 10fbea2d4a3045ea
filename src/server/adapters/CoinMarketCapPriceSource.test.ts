import { describe, expect, it } from "vitest";
import { PriceSourceError } from "../ports/PriceSource";
import { hangingFetch, readCmcFixture, replayFetch } from "../testing/recordedFetch";
import { CoinMarketCapPriceSource } from "./CoinMarketCapPriceSource";

function sourceAnswering(status: number, fixture: string) {
  const replay = replayFetch(status, readCmcFixture(fixture));
  return {
    source: new CoinMarketCapPriceSource({ apiKey: "test-key", fetch: replay.fetch }),
    requests: replay.requests,
  };
}

describe("CoinMarketCapPriceSource", () => {
  it("asks v2 quotes/latest by slug in USD with the key header and a timeout signal", async () => {
    const { source, requests } = sourceAnswering(200, "cmc-v2-quotes-slug-200.json");
    await source.fetchPooUsd();
    const [request] = requests;
    expect(`${request?.url.origin}${request?.url.pathname}`).toBe(
      "https://pro-api.coinmarketcap.com/v2/cryptocurrency/quotes/latest",
    );
    expect(request?.url.searchParams.get("slug")).toBe("poo-finance");
    expect(request?.url.searchParams.get("convert")).toBe("USD");
    expect(request?.headers.get("X-CMC_PRO_API_KEY")).toBe("test-key");
    expect(request?.signal).toBeInstanceOf(AbortSignal);
  });

  it("reads the v2 by-slug answer (data keyed by id)", async () => {
    const { source } = sourceAnswering(200, "cmc-v2-quotes-slug-200.json");
    await expect(source.fetchPooUsd()).resolves.toEqual({
      usd: 0.004213370512,
      updatedAt: new Date("2025-06-02T10:14:00.000Z"),
      source: "coinmarketcap",
    });
  });

  it("reads the v1 answer", async () => {
    const { source } = sourceAnswering(200, "cmc-v1-quotes-slug-200.json");
    expect((await source.fetchPooUsd()).usd).toBe(0.0041);
  });

  it("picks poo-finance out of a by-symbol array answer", async () => {
    const { source } = sourceAnswering(200, "cmc-v2-quotes-symbol-200.json");
    expect((await source.fetchPooUsd()).usd).toBe(0.0039);
  });

  it("reads a v3-style answer where data is an array", async () => {
    const body = JSON.stringify({
      status: { error_code: "0", error_message: "SUCCESS" },
      data: [
        {
          id: 29140,
          slug: "poo-finance",
          quote: { USD: { price: 0.005, last_updated: "2025-06-02T10:00:00Z" } },
        },
      ],
    });
    const source = new CoinMarketCapPriceSource({ apiKey: "k", fetch: replayFetch(200, body).fetch });
    expect((await source.fetchPooUsd()).usd).toBe(0.005);
  });

  it("fails when the coin has no USD price", async () => {
    const { source } = sourceAnswering(200, "cmc-v2-quotes-untracked-200.json");
    await expect(source.fetchPooUsd()).rejects.toThrow(/no USD price/);
  });

  it.each([
    [
      401,
      "cmc-401-invalid-key.json",
      /HTTP 401 \(error 1001: the API key is invalid or missing\): This API Key is invalid\./,
    ],
    [429, "cmc-429-rate-limit.json", /HTTP 429 \(error 1008: the API key is rate limited/],
    [
      400,
      "cmc-400-invalid-slug.json",
      /HTTP 400 \(error 400: the request was refused\): Invalid value for "slug"/,
    ],
  ])("turns HTTP %i into a PriceSourceError", async (status, fixture, message) => {
    const { source } = sourceAnswering(status, fixture);
    const failure = source.fetchPooUsd();
    await expect(failure).rejects.toBeInstanceOf(PriceSourceError);
    await expect(failure).rejects.toThrow(message);
  });

  it("fails on a body that is not JSON (e.g. a proxy's HTML error page)", async () => {
    const source = new CoinMarketCapPriceSource({
      apiKey: "k",
      fetch: replayFetch(502, "<html>Bad gateway</html>").fetch,
    });
    await expect(source.fetchPooUsd()).rejects.toThrow(/HTTP 502 without a readable status/);
  });

  it("gives up after the timeout", async () => {
    const source = new CoinMarketCapPriceSource({ apiKey: "k", fetch: hangingFetch(), timeoutMs: 30 });
    await expect(source.fetchPooUsd()).rejects.toThrow("CoinMarketCap did not answer within 30 ms.");
  });

  it("reports a network failure without leaking the key", async () => {
    const source = new CoinMarketCapPriceSource({
      apiKey: "secret-key",
      fetch: async () => {
        throw new TypeError("fetch failed");
      },
    });
    const error: unknown = await source.fetchPooUsd().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PriceSourceError);
    expect((error as Error).message).toBe("CoinMarketCap could not be reached.");
  });
});
