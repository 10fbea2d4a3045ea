import { afterEach, describe, expect, it } from "vitest";
import { AnswerTooLargeError } from "../model/AnswerTooLargeError";
import { ProvidersUnavailableError } from "../model/ProvidersUnavailableError";
import { startFakeHttpService, type FakeHttpService } from "../testing/fakeHttpService";
import { memoryLogger } from "../testing/memoryLogger";
import { HttpChainProviders } from "./HttpChainProviders";

const services: FakeHttpService[] = [];

/** A URL on a port nothing listens on any more. */
async function closedPortUrl(): Promise<string> {
  const service = await startFakeHttpService(() => undefined);
  await service.close();
  return `${service.url}/v3/closedportkey0123`;
}

afterEach(async () => {
  await Promise.all(services.splice(0).map((service) => service.close()));
});

/** A provider that answers every call of a request (or batch) with `result(method)`, and counts requests. */
async function provider(
  result: (method: string) => unknown = () => "0x1",
  status = 200,
): Promise<FakeHttpService & { requests: unknown[] }> {
  const requests: unknown[] = [];
  const service = await startFakeHttpService((_request, body, response) => {
    const parsed = JSON.parse(body) as { id: number; method: string } | { id: number; method: string }[];
    requests.push(parsed);
    response.writeHead(status, { "content-type": "application/json" });
    const answer = (call: { id: number; method: string }) => ({
      jsonrpc: "2.0",
      id: call.id,
      result: result(call.method),
    });
    response.end(JSON.stringify(Array.isArray(parsed) ? parsed.map(answer) : answer(parsed)));
  });
  services.push(service);
  return Object.assign(service, { requests });
}

describe("HttpChainProviders", () => {
  it("sends one call as one message and several as one batch, answers in the calls' order", async () => {
    const node = await provider((method) => (method === "eth_chainId" ? "0x7a69" : "0x2a"));
    const providers = new HttpChainProviders(
      { 1: [node.url] },
      { logger: memoryLogger(), maxAnswerBytes: 1024 },
    );
    expect(await providers.send(1, [{ method: "eth_chainId", params: [] }])).toEqual([{ result: "0x7a69" }]);
    expect(
      await providers.send(1, [
        { method: "eth_blockNumber", params: [] },
        { method: "eth_chainId", params: [] },
      ]),
    ).toEqual([{ result: "0x2a" }, { result: "0x7a69" }]);
    expect(node.requests).toMatchObject([
      { jsonrpc: "2.0", method: "eth_chainId", params: [] },
      [{ method: "eth_blockNumber" }, { method: "eth_chainId" }],
    ]);
  });

  it("asks the next provider when one refuses the connection or answers 429, and the failed one last for a while; logs positions, never URLs", async () => {
    const limited = await provider(() => "0x1", 429);
    const good = await provider();
    const logger = memoryLogger();
    const clock = { now: 0 };
    const urls = [await closedPortUrl(), `${limited.url}/v2/limitedkey0123`, `${good.url}/v2/goodkey0123`];
    const providers = new HttpChainProviders(
      { 1: urls },
      { logger, maxAnswerBytes: 1024, now: () => clock.now },
    );
    expect(await providers.send(1, [{ method: "eth_blockNumber", params: [] }])).toEqual([{ result: "0x1" }]);
    expect(logger.lines.map((line) => line.fields)).toEqual([
      { chainId: 1, provider: 1, providers: 3, reason: "ECONNREFUSED" },
      { chainId: 1, provider: 2, providers: 3, reason: "HTTP 429" },
    ]);
    // Within the cooldown the working provider is asked first.
    await providers.send(1, [{ method: "eth_blockNumber", params: [] }]);
    expect(limited.requests).toHaveLength(1);
    expect(good.requests).toHaveLength(2);
    // After it, the configured order again.
    clock.now += 30_001;
    await providers.send(1, [{ method: "eth_blockNumber", params: [] }]);
    expect(limited.requests).toHaveLength(2);
    const logged = JSON.stringify(logger.lines);
    for (const url of urls) {
      expect(logged).not.toContain(new URL(url).pathname);
      expect(logged).not.toContain(new URL(url).host);
    }
  });

  it("throws ProvidersUnavailableError (no URL in it) when none answers", async () => {
    const logger = memoryLogger();
    const providers = new HttpChainProviders(
      { 1: [await closedPortUrl(), "http://127.0.0.1:9/v2/badportkey01"] },
      { logger, maxAnswerBytes: 1024 },
    );
    const error = await providers
      .send(1, [{ method: "eth_blockNumber", params: [] }])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProvidersUnavailableError);
    expect(String((error as Error).message)).toBe("No provider of chain 1 answered.");
    // A port fetch will not use at all (the discard port) is said in undici's words, no URL.
    expect(logger.lines.map((line) => line.fields?.reason)).toEqual(["ECONNREFUSED", "bad port"]);
    await expect(providers.send(2, [{ method: "eth_blockNumber", params: [] }])).rejects.toBeInstanceOf(
      ProvidersUnavailableError,
    );
  });

  it("moves on from a provider that does not answer in time", async () => {
    const silent = await startFakeHttpService(() => undefined); // never answers
    services.push(silent);
    const good = await provider();
    const logger = memoryLogger();
    const providers = new HttpChainProviders(
      { 1: [silent.url, good.url] },
      { logger, maxAnswerBytes: 1024, timeoutMs: 200 },
    );
    expect(await providers.send(1, [{ method: "eth_blockNumber", params: [] }])).toEqual([{ result: "0x1" }]);
    expect(logger.lines[0]?.fields).toMatchObject({ provider: 1, reason: "no answer within 200 ms" });
  });

  it("spends at most its budget over all providers: the last asked gets what is left, none after it", async () => {
    const silent = await Promise.all([1, 2, 3].map(() => startFakeHttpService(() => undefined)));
    services.push(...silent);
    const logger = memoryLogger();
    const providers = new HttpChainProviders(
      { 1: silent.map((service) => service.url) },
      { logger, maxAnswerBytes: 1024, timeoutMs: 200, sendBudgetMs: 300 },
    );
    await expect(providers.send(1, [{ method: "eth_blockNumber", params: [] }])).rejects.toThrow(
      ProvidersUnavailableError,
    );
    expect(logger.lines).toHaveLength(2);
    expect(logger.lines.map((line) => line.fields)).toMatchObject([
      { provider: 1, reason: "no answer within 200 ms" },
      { provider: 2, reason: expect.stringMatching(/^no answer within \d{1,3} ms$/) },
    ]);
  });

  it("moves on from a provider whose answer is not JSON-RPC for the calls sent (a batch refused whole)", async () => {
    const refusing = await startFakeHttpService((_request, _body, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32005, message: "daily limit" } }),
      );
    });
    services.push(refusing);
    const good = await provider();
    const providers = new HttpChainProviders(
      { 1: [refusing.url, good.url] },
      { logger: memoryLogger(), maxAnswerBytes: 1024 },
    );
    const calls = [
      { method: "eth_blockNumber", params: [] },
      { method: "eth_gasPrice", params: [] },
    ];
    expect(await providers.send(1, calls)).toEqual([{ result: "0x1" }, { result: "0x1" }]);
  });

  it("refuses an answer over the size limit without asking the next provider", async () => {
    const big = await provider(() => `0x${"00".repeat(4096)}`);
    const other = await provider();
    const providers = new HttpChainProviders(
      { 1: [big.url, other.url] },
      { logger: memoryLogger(), maxAnswerBytes: 4096 },
    );
    await expect(providers.send(1, [{ method: "eth_getLogs", params: [] }])).rejects.toBeInstanceOf(
      AnswerTooLargeError,
    );
    expect(other.requests).toEqual([]);
  });

  it("passes a provider's JSON-RPC error on, with any piece of its URL replaced", async () => {
    let url = "";
    const echoing = await startFakeHttpService((request, body, response) => {
      const { id } = JSON.parse(body) as { id: number };
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        JSON.stringify({
          jsonrpc: "2.0",
          id,
          error: {
            code: -32000,
            message: `invalid key for ${url} (${request.url})`,
            data: { key: "s3cretKey99" },
          },
        }),
      );
    });
    services.push(echoing);
    url = `${echoing.url}/v2/s3cretKey99?token=t0ken-abcdef`;
    const providers = new HttpChainProviders({ 1: [url] }, { logger: memoryLogger(), maxAnswerBytes: 4096 });
    const [answer] = await providers.send(1, [{ method: "eth_call", params: [] }]);
    const text = JSON.stringify(answer);
    expect(text).not.toContain("s3cretKey99");
    expect(text).not.toContain("t0ken-abcdef");
    expect(answer).toMatchObject({
      error: { code: -32000, message: expect.stringContaining("invalid key for [provider]") },
    });
  });
});
