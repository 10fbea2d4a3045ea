import { describe, expect, it } from "vitest";
import { PriceUnavailableError } from "../../domain/errors/priceUnavailableError";
import { RequestTimeoutError } from "../../domain/errors/requestTimeoutError";
import { HttpPriceSource } from "./HttpPriceSource";

const answer =
  (status: number, body: unknown): typeof fetch =>
  async () =>
    new Response(typeof body === "string" ? body : JSON.stringify(body), { status });

describe("HttpPriceSource", () => {
  it("reads the USD price from the API", async () => {
    const calls: string[] = [];
    const source = new HttpPriceSource("/api", async (input) => {
      calls.push(String(input));
      return new Response(JSON.stringify({ usd: 0.0042, updatedAt: "2026-11-22T00:00:00Z", source: "dev" }));
    });
    await expect(source.getPooUsdPrice()).resolves.toBe(0.0042);
    expect(calls).toEqual(["/api/price/poo"]);
  });

  it.each([
    ["a 503", answer(503, { error: "upstream down" })],
    ["a zero price", answer(200, { usd: 0, updatedAt: "x", source: "cmc" })],
    ["a missing price", answer(200, { updatedAt: "x", source: "cmc" })],
    ["malformed JSON", answer(200, "<html>")],
  ])("turns %s into PriceUnavailableError, never a silent $0", async (_name, fetchFn) => {
    await expect(new HttpPriceSource("/api", fetchFn).getPooUsdPrice()).rejects.toBeInstanceOf(
      PriceUnavailableError,
    );
  });

  it("turns a network failure into PriceUnavailableError", async () => {
    const source = new HttpPriceSource("/api", async () => {
      throw new TypeError("Failed to fetch");
    });
    await expect(source.getPooUsdPrice()).rejects.toBeInstanceOf(PriceUnavailableError);
  });

  it("gives up after its timeout with RequestTimeoutError", async () => {
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener("abort", () => reject(init.signal?.reason)),
      );
    await expect(new HttpPriceSource("/api", hanging, 20).getPooUsdPrice()).rejects.toBeInstanceOf(
      RequestTimeoutError,
    );
  });
});
