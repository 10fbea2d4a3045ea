import { encodeFunctionData, erc20Abi, type Address } from "viem";
import { afterAll, describe, expect, it } from "vitest";
import { HttpChainProviders } from "../adapters/HttpChainProviders";
import { CHAIN_READ_LIMITS } from "../model/chainReadLimits";
import { startFakeHttpService, type FakeHttpService } from "../testing/fakeHttpService";
import { memoryLogger } from "../testing/memoryLogger";
import { createTestApi } from "../testing/testApi";
import { RelayChainReads } from "../use-cases/RelayChainReads";

// The gateway's time bound with real sockets and the server's own limits (no test values): nginx
// gives an instance 3 s (deploy/nginx/poo-finance.conf), so every request is answered by 2.5 s.
const POO: Address = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const USER: Address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const read = {
  jsonrpc: "2.0",
  id: 1,
  method: "eth_call",
  params: [
    { to: POO, data: encodeFunctionData({ abi: erc20Abi, functionName: "balanceOf", args: [USER] }) },
    "latest",
  ],
};
/** nginx's proxy_read_timeout: an answer after it reaches the user as nginx's 504. */
const NGINX_READ_TIMEOUT_MS = 3_000;

// Closed after all of them: the tests run at once, and closing one's services would cut another's sockets.
const services: FakeHttpService[] = [];
afterAll(async () => {
  await Promise.all(services.splice(0).map((service) => service.close()));
});

type Call = { id: number; method: string };

/**
 * A provider that answers each call after `delayMs(method)` (undefined: never), the latest block at
 * height 0x10 and any eth_call with one word.
 */
async function provider(delayMs: (method: string) => number | undefined): Promise<string> {
  const service = await startFakeHttpService(async (_request, body, response) => {
    const parsed = JSON.parse(body) as Call | Call[];
    const calls = Array.isArray(parsed) ? parsed : [parsed];
    const delays = calls.map((call) => delayMs(call.method));
    if (delays.some((delay) => delay === undefined)) return; // silent: the socket stays open
    await new Promise((resolve) => setTimeout(resolve, Math.max(...(delays as number[]))));
    const answer = (call: Call) => ({
      jsonrpc: "2.0",
      id: call.id,
      result:
        call.method === "eth_getBlockByNumber"
          ? { number: "0x10", hash: `0x${"ab".repeat(32)}` }
          : `0x${"00".repeat(31)}2a`,
    });
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify(Array.isArray(parsed) ? calls.map(answer) : answer(parsed as Call)));
  });
  services.push(service);
  return service.url;
}

/** The API's gateway over these provider URLs, wired as startApiServer wires it. */
function gateway(urls: string[]) {
  const logger = memoryLogger();
  const chainReads = new RelayChainReads({
    providers: new HttpChainProviders(
      { 31337: urls },
      {
        logger,
        maxAnswerBytes: CHAIN_READ_LIMITS.maxAnswerBytes,
        timeoutMs: CHAIN_READ_LIMITS.providerTimeoutMs,
        sendBudgetMs: CHAIN_READ_LIMITS.answerWithinMs,
      },
    ),
    chainIds: [31337],
    contractsOf: async () => [POO],
    logger,
  });
  const api = createTestApi({ chainReads });
  return {
    logger,
    async post(): Promise<{ ms: number; status: number; body: unknown }> {
      const started = performance.now();
      const response = await api.request("POST", "/api/rpc/31337", read);
      const body: unknown = await response.json();
      return { ms: performance.now() - started, status: response.status, body };
    },
  };
}

describe.concurrent("POST /api/rpc/:chainId within its time bound", () => {
  it("answers a JSON-RPC error by 2.5 s when every provider is silent", async () => {
    const silent = () => undefined;
    const { post, logger } = gateway([await provider(silent), await provider(silent)]);
    const { ms, status, body } = await post();
    expect(CHAIN_READ_LIMITS.answerWithinMs).toBeLessThan(NGINX_READ_TIMEOUT_MS);
    expect(status).toBe(503);
    expect(body).toMatchObject({
      jsonrpc: "2.0",
      id: 1,
      error: { code: -32603, message: expect.stringMatching(/^No provider of chain 31337 answered/) },
    });
    expect(ms).toBeLessThan(CHAIN_READ_LIMITS.answerWithinMs + 300);
    expect(logger.lines.filter((line) => line.message === "Chain provider failed")).toHaveLength(2);
  });

  it("answers by 2.5 s when the head came slowly and the read never does (the deadline is the request's)", async () => {
    const { post } = gateway([
      await provider((method) => (method === "eth_getBlockByNumber" ? 1_200 : undefined)),
      await provider(() => undefined),
    ]);
    const { ms, status, body } = await post();
    expect(status).toBe(503);
    expect(body).toMatchObject({
      id: 1,
      error: {
        code: -32603,
        message: "No provider of chain 31337 answered within 2.5 s; please retry shortly.",
      },
    });
    expect(ms).toBeLessThan(CHAIN_READ_LIMITS.answerWithinMs + 300);
  });

  it("serves from the next provider within the bound when the first is silent", async () => {
    const { post } = gateway([await provider(() => undefined), await provider(() => 0)]);
    const { ms, status, body } = await post();
    expect(status).toBe(200);
    expect(body).toEqual({ jsonrpc: "2.0", id: 1, result: `0x${"00".repeat(31)}2a` });
    expect(ms).toBeLessThan(CHAIN_READ_LIMITS.answerWithinMs);
  });
});
