import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createPublicClient } from "viem";
import { afterEach, describe, expect, it } from "vitest";
import { chainReadTransport } from "./chainReadTransport";

type Rpc = { url: string; methods: string[]; close(): Promise<void> };
const servers: Server[] = [];

afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    ),
  );
});

/** A JSON-RPC endpoint counting the methods it is sent; `answer` decides each call's result or error. */
async function rpc(
  answer: (method: string) => { result: unknown } | { error: { code: number; message: string } },
): Promise<Rpc> {
  const methods: string[] = [];
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      const parsed = JSON.parse(body) as { id: number; method: string } | { id: number; method: string }[];
      const reply = (call: { id: number; method: string }) => {
        methods.push(call.method);
        return { jsonrpc: "2.0", id: call.id, ...answer(call.method) };
      };
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify(Array.isArray(parsed) ? parsed.map(reply) : reply(parsed)));
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, methods, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const clientOf = (gatewayUrl: string, rpcUrls: string[]) =>
  createPublicClient({ transport: chainReadTransport({ gatewayUrl, rpcUrls }) });

describe("chainReadTransport", () => {
  it("reads through the gateway; the public RPC is not asked while it answers", async () => {
    const gateway = await rpc(() => ({ result: "0x10" }));
    const publicRpc = await rpc(() => ({ result: "0x10" }));
    const client = clientOf(gateway.url, [publicRpc.url]);
    expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(16n);
    expect(await client.getBalance({ address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" })).toBe(16n);
    expect(gateway.methods).toEqual(["eth_blockNumber", "eth_getBalance"]);
    expect(publicRpc.methods).toEqual([]);
  });

  it("reads from the public RPC when the gateway is down, and leaves the gateway alone for a while after", async () => {
    const gateway = await rpc(() => ({ result: "0x10" }));
    await gateway.close();
    const publicRpc = await rpc(() => ({ result: "0x11" }));
    const client = clientOf(gateway.url, [publicRpc.url]);
    expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(17n);
    expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(17n);
    expect(publicRpc.methods).toEqual(["eth_blockNumber", "eth_blockNumber"]);
  });

  it("asks the public RPC what the gateway refuses, but never again for a revert", async () => {
    const gateway = await rpc((method) =>
      method === "eth_call"
        ? // Hardhat's wording (code 3 without "execution reverted", which viem alone would pass on).
          { error: { code: 3, message: "Transaction reverted: function selector was not recognized" } }
        : { error: { code: -32601, message: `The method ${method} is not available here` } },
    );
    const publicRpc = await rpc(() => ({ result: "0x1" }));
    const client = clientOf(gateway.url, [publicRpc.url]);
    expect(await client.getChainId()).toBe(1);
    expect(publicRpc.methods).toEqual(["eth_chainId"]);
    await expect(
      client.call({ to: "0x5FbDB2315678afecb367f032d93F642f64180aa3", data: "0x8456cb59" }),
    ).rejects.toThrow(/function selector was not recognized/);
    expect(gateway.methods).toEqual(["eth_chainId", "eth_call"]);
    expect(publicRpc.methods).toEqual(["eth_chainId"]);
  });
});
