/** A JSON-RPC 2.0 request id: what the answer must carry back. */
export type JsonRpcId = string | number | null;

/** One call of a request or batch, as the gateway accepted it. */
export type JsonRpcCall = { id: JsonRpcId; method: string; params: unknown[] };

export type JsonRpcErrorObject = { code: number; message: string; data?: unknown };

/** One answer: a result or an error, with the id of the call it answers. */
export type JsonRpcAnswer =
  | { jsonrpc: "2.0"; id: JsonRpcId; result: unknown }
  | { jsonrpc: "2.0"; id: JsonRpcId; error: JsonRpcErrorObject };

/** The codes the gateway answers with (JSON-RPC 2.0 and EIP-1474). */
export const RPC_ERROR = {
  parse: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
  /** EIP-1474 "limit exceeded": block ranges, answer sizes, rate limits. */
  limitExceeded: -32005,
} as const;

/** The JSON-RPC error answer for `id`. */
export function rpcError(id: JsonRpcId, code: number, message: string): JsonRpcAnswer {
  return { jsonrpc: "2.0", id, error: { code, message } };
}
