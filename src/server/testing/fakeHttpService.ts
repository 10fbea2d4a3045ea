import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type FakeHttpService = {
  /** http://127.0.0.1:<port> */
  url: string;
  close(): Promise<void>;
};

/**
 * A real HTTP server on 127.0.0.1 for what the API reaches over the network (a chain's RPC,
 * CoinMarketCap): tests drive the real adapters, timeouts and error messages through it.
 */
export async function startFakeHttpService(
  handle: (request: IncomingMessage, body: string, response: ServerResponse) => void | Promise<void>,
): Promise<FakeHttpService> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      void Promise.resolve(handle(request, Buffer.concat(chunks).toString("utf8"), response)).catch(
        (error: unknown) => {
          response.writeHead(500);
          response.end(String(error));
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type RpcAnswer = { result: unknown } | { httpStatus: number };

/**
 * A JSON-RPC node that answers each method as `answer` says (undefined: method not found), e.g. a
 * chain id for eth_chainId, or an HTTP error for eth_call.
 */
export function startFakeRpc(
  answer: (method: string, params: unknown[]) => RpcAnswer | undefined,
): Promise<FakeHttpService> {
  return startFakeHttpService((_request, body, response) => {
    const { id, method, params } = JSON.parse(body) as { id: number; method: string; params?: unknown[] };
    const reply = answer(method, params ?? []);
    if (reply && "httpStatus" in reply) {
      response.writeHead(reply.httpStatus, { "content-type": "text/plain" });
      response.end("upstream failure");
      return;
    }
    response.writeHead(200, { "content-type": "application/json" });
    response.end(
      JSON.stringify(
        reply
          ? { jsonrpc: "2.0", id, result: reply.result }
          : { jsonrpc: "2.0", id, error: { code: -32601, message: `${method} not found` } },
      ),
    );
  });
}
