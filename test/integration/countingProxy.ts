import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, beforeEach, describe, it } from "node:test";
import { startCountingProxy, type CountingProxy } from "./localChain.ts";
import { freePort } from "./freePort.ts";

/** A stand-in for the node: answers every POST with the body it received, so forwarding is visible. */
async function startEchoNode(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe("counting proxy (startCountingProxy)", () => {
  let node: Awaited<ReturnType<typeof startEchoNode>>;
  let proxy: CountingProxy;

  before(async () => {
    node = await startEchoNode();
    proxy = await startCountingProxy(node.url);
  });
  after(async () => {
    await proxy.close();
    await node.close();
  });
  beforeEach(() => proxy.reset());

  it("forwards JSON-RPC to the node and counts each message of a batch, with the CORS header", async () => {
    const batch = [
      { jsonrpc: "2.0", id: 1, method: "eth_chainId" },
      { jsonrpc: "2.0", id: 2, method: "eth_call", params: [] },
    ];
    const response = await fetch(proxy.url, { method: "POST", body: JSON.stringify(batch) });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("access-control-allow-origin"), "*");
    assert.deepEqual(await response.json(), batch);
    assert.deepEqual(proxy.methods, ["eth_chainId", "eth_call"]);
    assert.equal(proxy.httpRequests, 1);
  });

  it("answers a CORS preflight with 204 and counts nothing", async () => {
    const response = await fetch(proxy.url, {
      method: "OPTIONS",
      headers: {
        origin: "http://127.0.0.1:9175",
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type",
      },
    });
    assert.equal(response.status, 204);
    assert.equal(response.headers.get("access-control-allow-origin"), "*");
    assert.match(response.headers.get("access-control-allow-methods") ?? "", /\bPOST\b/);
    assert.equal(response.headers.get("access-control-allow-headers"), "content-type");
    assert.equal(proxy.httpRequests, 0);
  });

  it("answers 400 to a body that is not JSON-RPC, counts nothing and keeps serving", async () => {
    for (const body of ["not json", "null", JSON.stringify([{ id: 1 }])]) {
      const response = await fetch(proxy.url, { method: "POST", body });
      assert.equal(response.status, 400, body);
      assert.equal((await response.json()).error.code, -32700);
    }
    assert.equal(proxy.httpRequests, 0);
    assert.deepEqual(proxy.methods, []);
    const ok = await fetch(proxy.url, {
      method: "POST",
      body: '{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber"}',
    });
    assert.equal(ok.status, 200);
    assert.deepEqual(proxy.methods, ["eth_blockNumber"]);
  });

  it("listens on the port it is given", async () => {
    const port = await freePort();
    const fixed = await startCountingProxy(node.url, { port });
    try {
      assert.equal(fixed.url, `http://127.0.0.1:${port}`);
      await assert.rejects(startCountingProxy(node.url, { port }), /EADDRINUSE/);
    } finally {
      await fixed.close();
    }
  });
});
