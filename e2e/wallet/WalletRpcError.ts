import { BaseError } from "viem";
import type { RpcErrorObject } from "./protocol";

/** EIP-1193 / EIP-1474 / EIP-3085 / EIP-5792 error codes the wallet answers with. */
export const RpcErrorCode = {
  userRejected: 4001,
  unauthorized: 4100,
  unsupportedMethod: 4200,
  disconnected: 4900,
  unrecognizedChain: 4902,
  unsupportedCapability: 5700,
  unsupportedChainId: 5710,
  duplicateId: 5720,
  unknownBundleId: 5730,
  upgradeRejected: 5750,
  atomicityNotSupported: 5760,
  invalidRequest: -32600,
  invalidParams: -32602,
  internal: -32603,
} as const;

/** An error the wallet returns to the page as a JSON-RPC error object. */
export class WalletRpcError extends Error {
  readonly code: number;
  readonly data: unknown;

  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.name = "WalletRpcError";
    this.code = code;
    this.data = data;
  }

  static userRejected(): WalletRpcError {
    return new WalletRpcError(RpcErrorCode.userRejected, "User rejected the request.");
  }

  static unauthorized(): WalletRpcError {
    return new WalletRpcError(
      RpcErrorCode.unauthorized,
      "The requested account and/or method has not been authorized by the user.",
    );
  }

  static invalidParams(detail: string): WalletRpcError {
    return new WalletRpcError(RpcErrorCode.invalidParams, `Invalid parameters: ${detail}`);
  }

  toObject(): RpcErrorObject {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data };
  }
}

function hasRpcCode(value: unknown): value is { code: number; message?: unknown; data?: unknown } {
  return (
    typeof value === "object" && value !== null && typeof (value as { code?: unknown }).code === "number"
  );
}

/**
 * Turns whatever signing or the node threw into the error object a wallet would return: the node's own
 * JSON-RPC error where viem wrapped one (so revert data reaches the app), else an internal error.
 */
export function toRpcErrorObject(error: unknown): RpcErrorObject {
  if (error instanceof WalletRpcError) return error.toObject();
  // viem wraps the node's error object: RpcRequestError's cause is the raw {code, message, data}.
  let current: unknown = error;
  for (let depth = 0; depth < 10 && current; depth++) {
    const cause: unknown = (current as { cause?: unknown }).cause;
    if (hasRpcCode(current) && !(current instanceof BaseError) && typeof current.message === "string") {
      return current.data === undefined
        ? { code: current.code, message: current.message }
        : { code: current.code, message: current.message, data: current.data };
    }
    current = cause;
  }
  const message =
    error instanceof BaseError ? error.shortMessage : error instanceof Error ? error.message : String(error);
  return { code: RpcErrorCode.internal, message: `Internal JSON-RPC error: ${message}` };
}
