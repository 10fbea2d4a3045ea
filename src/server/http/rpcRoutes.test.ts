import { encodeFunctionData, erc20Abi, type Address } from "viem";
import { beforeEach, describe, expect, it } from "vitest";
import type { ApiDeps } from "../createApi";
import type { RateLimiter } from "../ports/RateLimiter";
import { FakeChainProvider } from "../testing/FakeChainProvider";
import { memoryLogger } from "../testing/memoryLogger";
import { RATE_LIMIT_POLICIES } from "./rateLimitPolicies";
import { CLIENT, createTestApi, SITE } from "../testing/testApi";
import { RelayChainReads } from "../use-cases/RelayChainReads";

const POO: Address = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const STAKING: Address = "0x9fE46736679d2d9a65F0592f2272aA9C48F84a2E";
const USER: Address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const OTHER: Address = "0x1111111111111111111111111111111111111111";
const balanceOf = (owner: Address) =>
  encodeFunctionData({ abi: erc20Abi, functionName: "balanceOf", args: [owner] });
const read = (id: number, to: Address = POO) => ({
  jsonrpc: "2.0",
  id,
  method: "eth_call",
  params: [{ to, data: balanceOf(USER) }, "latest"],
});

let provider: FakeChainProvider;
let api: ReturnType<typeof createTestApi>;

/** The API with the gateway over `provider` (its clock, any other dependency overridden). */
function gatewayApi(overrides: Partial<ApiDeps> = {}) {
  const clock = { now: Date.parse("2025-06-02T10:00:00.000Z") };
  const chainReads = new RelayChainReads({
    providers: provider,
    chainIds: [31337],
    contractsOf: async () => [POO, STAKING],
    logger: memoryLogger(),
    now: () => clock.now,
  });
  return createTestApi({ chainReads, ...overrides }, { clock });
}

beforeEach(() => {
  provider = new FakeChainProvider();
  api = gatewayApi();
});

const post = (body: unknown, options: Parameters<typeof api.request>[3] = {}) =>
  api.request("POST", "/api/rpc/31337", body, options);

describe("POST /api/rpc/:chainId", () => {
  it("relays the app's reads: a JSON-RPC answer per call, with its id", async () => {
    const response = await post([read(1), read(2, STAKING)]);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual([
      { jsonrpc: "2.0", id: 1, result: expect.stringMatching(/^0x/) },
      { jsonrpc: "2.0", id: 2, result: expect.stringMatching(/^0x/) },
    ]);
  });

  it("refuses a method outside the list (hardhat_setBalance) with -32601", async () => {
    const response = await post({
      jsonrpc: "2.0",
      id: 7,
      method: "hardhat_setBalance",
      params: [USER, "0xffff"],
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      jsonrpc: "2.0",
      id: 7,
      error: {
        code: -32601,
        message:
          "The method hardhat_setBalance is not available here: this gateway serves the POO Finance app's chain reads only.",
      },
    });
    expect(provider.calls).toEqual([]);
  });

  it("refuses a call to another contract with -32602", async () => {
    const response = await post(read(8, OTHER));
    expect(await response.json()).toEqual({
      jsonrpc: "2.0",
      id: 8,
      error: {
        code: -32602,
        message: `eth_call to ${OTHER} is not available here: only the POO Finance contracts and Multicall3 are served.`,
      },
    });
    expect(provider.callsOf("eth_call")).toEqual([]);
  });

  it("refuses a 500,000-block eth_getLogs with -32005", async () => {
    const response = await post({
      jsonrpc: "2.0",
      id: 9,
      method: "eth_getLogs",
      params: [{ address: POO, fromBlock: "0x0", toBlock: "0x7a11f" }],
    });
    expect(await response.json()).toEqual({
      jsonrpc: "2.0",
      id: 9,
      error: {
        code: -32005,
        message: "eth_getLogs block range is too large: 500,000 blocks; at most 10,000 blocks per request.",
      },
    });
    expect(provider.callsOf("eth_getLogs")).toEqual([]);
  });

  it("refuses a 300-call batch with one -32600 error", async () => {
    const response = await post(Array.from({ length: 300 }, (_, i) => read(i)));
    expect(await response.json()).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: {
        code: -32600,
        message: "Invalid request: a batch of 300 calls; at most 50 calls per request.",
      },
    });
    expect(provider.calls).toEqual([]);
  });

  it("refuses an oversized body with 413 and -32600 (the gateway's limit is 64 KiB, not the API's 16)", async () => {
    const padded = { ...read(10), padding: "0".repeat(40 * 1024) };
    expect((await post(padded)).status).toBe(200);
    const response = await post({ ...read(11), padding: "0".repeat(64 * 1024) });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32600, message: "Request body is larger than 64 KiB." },
    });
  });

  it("refuses a body that is not JSON (400, -32700), a chain it does not serve (404), GET (405), another site's page (403)", async () => {
    const notJson = await post("{not json");
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ id: null, error: { code: -32700 } });
    const otherChain = await api.request("POST", "/api/rpc/1", read(1));
    expect(otherChain.status).toBe(404);
    expect(await otherChain.json()).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32600, message: "Chain 1 is not served here." },
    });
    const get = await api.request("GET", "/api/rpc/31337");
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    expect(await get.json()).toMatchObject({ error: { code: -32600 } });
    const crossSite = await post(read(1), { origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.json()).toMatchObject({
      id: null,
      error: { code: -32600, message: "Cross-origin request refused." },
    });
    expect((await post(read(1), { origin: SITE })).status).toBe(200);
  });

  it("limits each client address (429, -32005, Retry-After); others go on", async () => {
    expect(RATE_LIMIT_POLICIES.rpcByClient).toEqual({ name: "rpc-ip", limit: 1_200, windowMs: 60_000 });
    api = gatewayApi({ rateLimitPolicies: { rpcByClient: { name: "rpc-ip", limit: 20, windowMs: 60_000 } } });
    for (let i = 0; i < 20; i++) expect((await post(read(i))).status).toBe(200);
    const limited = await post(read(20));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32005, message: expect.stringMatching(/^Too many requests; retry in \d+ s\.$/) },
    });
    expect((await post(read(1), { headers: { "x-forwarded-for": "198.51.100.2" } })).status).toBe(200);
    expect(CLIENT).not.toBe("198.51.100.2");
  });

  it("counts in this instance's memory: the shared store is never asked, not even to refuse", async () => {
    const hits: string[] = [];
    const shared: RateLimiter = {
      hit: async (policy, key) => {
        hits.push(`${policy.name}:${key}`);
        throw new Error("database down");
      },
    };
    api = gatewayApi({
      rateLimiter: shared,
      rateLimitPolicies: { rpcByClient: { name: "rpc-ip", limit: 3, windowMs: 60_000 } },
    });
    for (let i = 0; i < 3; i++) {
      const response = await post(read(i));
      expect(response.status, await response.text()).toBe(200);
    }
    for (let i = 3; i < 6; i++) expect((await post(read(i))).status).toBe(429);
    expect(hits).toEqual([]);
  });
});
