import { isHex, type Address, type Hex } from "viem";
import { addressParam, chainIdParam, firstParam, isObject, quantity } from "./walletParams";
import { RpcErrorCode, WalletRpcError } from "./WalletRpcError";

/**
 * Validation of EIP-5792's methods (wallet_sendCalls 2.0.0, wallet_getCallsStatus,
 * wallet_showCallsStatus, wallet_getCapabilities), with -32602 on bad input like walletParams.ts.
 */

/** The only EIP-5792 version this wallet speaks (viem 2.57 and wagmi 2.19 send it). */
export const CALLS_VERSION = "2.0.0";
/** EIP-5792: an app-chosen batch id is at most 4096 bytes. */
const MAX_ID_BYTES = 4096;

/** One call of a batch. The wallet runs calls on existing accounts only (no contract creation). */
export interface BatchCall {
  readonly to: Address;
  readonly data: Hex | undefined;
  readonly value: bigint;
}

export interface SendCallsRequest {
  readonly version: string;
  readonly id: string | undefined;
  readonly from: Address | undefined;
  readonly chainId: number;
  readonly atomicRequired: boolean;
  readonly calls: readonly BatchCall[];
}

/**
 * Capabilities this wallet does not support fail the request with 5700 unless marked optional
 * (EIP-5792: `{ optional: true }`). It supports none on wallet_sendCalls: atomicity is the request's
 * own `atomicRequired`, and its support is announced by wallet_getCapabilities.
 */
function requireOptional(capabilities: unknown, where: string): void {
  if (capabilities === undefined || capabilities === null) return;
  if (!isObject(capabilities)) throw WalletRpcError.invalidParams(`${where} must be an object`);
  const required = Object.entries(capabilities)
    .filter(([, value]) => !(isObject(value) && value.optional === true))
    .map(([name]) => name);
  if (required.length > 0) {
    throw new WalletRpcError(
      RpcErrorCode.unsupportedCapability,
      `Unsupported non-optional capability: ${required.join(", ")}`,
    );
  }
}

function parseCall(call: unknown, index: number): BatchCall {
  if (!isObject(call)) throw WalletRpcError.invalidParams(`calls[${index}] must be an object`);
  const where = `calls[${index}]`;
  if (call.to === undefined || call.to === null)
    throw WalletRpcError.invalidParams(`${where}.to is required: this wallet does not deploy contracts`);
  const data = call.data;
  if (data !== undefined && data !== null && (typeof data !== "string" || !isHex(data, { strict: true })))
    throw WalletRpcError.invalidParams(`${where}.data must be hex`);
  requireOptional(call.capabilities, `${where}.capabilities`);
  return {
    to: addressParam(call.to, `${where}.to`),
    data: (data ?? undefined) as Hex | undefined,
    value: call.value === undefined || call.value === null ? 0n : quantity(call.value, `${where}.value`),
  };
}

/** wallet_sendCalls: `[{ version, id?, from?, chainId, atomicRequired, calls, capabilities? }]`. */
export function parseSendCallsParams(params: unknown): SendCallsRequest {
  const request: unknown = firstParam(params, "wallet_sendCalls");
  if (!isObject(request))
    throw WalletRpcError.invalidParams(
      "wallet_sendCalls expects [{ version, chainId, atomicRequired, calls }]",
    );
  if (request.version !== CALLS_VERSION)
    throw WalletRpcError.invalidParams(
      `version must be "${CALLS_VERSION}", got ${JSON.stringify(request.version)}`,
    );
  if (typeof request.atomicRequired !== "boolean")
    throw WalletRpcError.invalidParams("atomicRequired must be true or false");
  if (!Array.isArray(request.calls) || request.calls.length === 0)
    throw WalletRpcError.invalidParams("calls must be a non-empty array");
  const calls = request.calls.map(parseCall);
  requireOptional(request.capabilities, "capabilities");
  return {
    version: request.version,
    id: request.id === undefined || request.id === null ? undefined : batchId(request.id),
    from:
      request.from === undefined || request.from === null ? undefined : addressParam(request.from, "from"),
    chainId: chainIdParam(request.chainId),
    atomicRequired: request.atomicRequired,
    calls,
  };
}

function batchId(value: unknown): string {
  if (typeof value !== "string" || value.length === 0)
    throw WalletRpcError.invalidParams("id must be a non-empty string");
  if (Buffer.byteLength(value, "utf8") > MAX_ID_BYTES)
    throw WalletRpcError.invalidParams(`id must be at most ${MAX_ID_BYTES} bytes`);
  return value;
}

/** wallet_getCallsStatus / wallet_showCallsStatus: `[id]`. */
export function parseCallsIdParams(params: unknown, method: string): string {
  return batchId(firstParam(params, method));
}

export interface GetCapabilitiesRequest {
  readonly address: Address;
  /** Only these chains; undefined: every chain the wallet knows. */
  readonly chainIds: readonly number[] | undefined;
}

/** wallet_getCapabilities: `[address, chainIds?]`. */
export function parseGetCapabilitiesParams(params: unknown): GetCapabilitiesRequest {
  const [address, chainIds] = Array.isArray(params) ? (params as unknown[]) : [];
  if (address === undefined || address === null)
    throw WalletRpcError.invalidParams("wallet_getCapabilities expects [address, chainIds?]");
  if (chainIds !== undefined && chainIds !== null && !Array.isArray(chainIds))
    throw WalletRpcError.invalidParams("chainIds must be an array of hex chain ids");
  return {
    address: addressParam(address, "address"),
    chainIds: Array.isArray(chainIds) ? chainIds.map(chainIdParam) : undefined,
  };
}
