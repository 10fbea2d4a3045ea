import http from "node:http";
import type { AddressInfo } from "node:net";

export interface RevertedBlockProxy {
  /** http://127.0.0.1:<port>: the chain's JSON-RPC, for the indexer. */
  readonly url: string;
  close(): Promise<void>;
}

interface RpcMessage {
  readonly id?: unknown;
  readonly method?: unknown;
  readonly params?: unknown;
  readonly error?: { readonly message?: unknown };
}

/** An eth_getLogs by block hash that the chain answered with "blockHash cannot be found". */
function isLogsOfForgottenBlock(request: RpcMessage | undefined, response: RpcMessage): boolean {
  if (request?.method !== "eth_getLogs" || !Array.isArray(request.params)) return false;
  const filter = request.params[0] as { blockHash?: unknown } | undefined;
  return (
    typeof filter?.blockHash === "string" &&
    typeof response.error?.message === "string" &&
    /blockHash cannot be found/i.test(response.error.message)
  );
}

/**
 * The simulated chain's JSON-RPC as the indexer (Ponder) reads it. EDR forgets the blocks an
 * `evm_revert` takes away (the specs revert after each test): an `eth_getLogs` by the hash of one,
 * sent a moment before, is answered "blockHash cannot be found" (-32602), which Ponder 0.16 retries
 * nine times with a doubling delay (125 ms to 32 s: 64 s) while its live sync waits on it, so that it
 * falls a minute and more behind the chain. A real node keeps a reorganised block and answers for it;
 * here the answer is "no logs", and Ponder's next poll finds the new block's parent hash and drops that
 * block as reorganised. Every other message passes unchanged.
 */
export async function startRevertedBlockProxy(target: string): Promise<RevertedBlockProxy> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      fetch(target, { method: "POST", headers: { "content-type": "application/json" }, body })
        .then(async (answer) => {
          const text = await answer.text();
          res.writeHead(answer.status, { "content-type": "application/json" });
          res.end(rewrite(body, text));
        })
        .catch(() => {
          res.writeHead(502);
          res.end();
        });
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

/** The chain's answer, with "no logs" for each eth_getLogs of a forgotten block. */
function rewrite(requestText: string, responseText: string): string {
  try {
    const request = JSON.parse(requestText) as RpcMessage | RpcMessage[];
    const response = JSON.parse(responseText) as RpcMessage | RpcMessage[];
    const requests = Array.isArray(request) ? request : [request];
    const byId = new Map(requests.map((message) => [JSON.stringify(message.id), message]));
    const fix = (message: RpcMessage): RpcMessage =>
      isLogsOfForgottenBlock(byId.get(JSON.stringify(message.id)), message)
        ? ({ jsonrpc: "2.0", id: message.id, result: [] } as RpcMessage)
        : message;
    return JSON.stringify(Array.isArray(response) ? response.map(fix) : fix(response));
  } catch {
    return responseText;
  }
}
