import {
  getAddress,
  hexToBigInt,
  isAddress,
  isHex,
  type AccessList,
  type Address,
  type Hex,
  type SignableMessage,
  type TypedDataDefinition,
} from "viem";
import { WalletRpcError } from "./WalletRpcError";
import type { WalletChain } from "./walletChains";

/**
 * Validation of what apps pass to the wallet's own methods, with the errors a wallet gives for bad
 * input (-32602). Everything arrives as JSON from the page, so nothing here trusts a type.
 */

type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function firstParam(params: unknown, method: string): unknown {
  if (!Array.isArray(params) || params.length === 0)
    throw WalletRpcError.invalidParams(`${method} expects a non-empty params array`);
  return params[0];
}

export function addressParam(value: unknown, what: string): Address {
  if (typeof value !== "string" || !isAddress(value, { strict: false }))
    throw WalletRpcError.invalidParams(`${what} must be an address`);
  return getAddress(value);
}

export function quantity(value: unknown, what: string): bigint {
  if (typeof value !== "string" || !isHex(value, { strict: true }) || value.length < 3) {
    throw WalletRpcError.invalidParams(`${what} must be a hex quantity`);
  }
  return hexToBigInt(value);
}

/** A chain id as EIP-3085/3326 require it: 0x-prefixed hex without leading zeros. */
export function chainIdParam(value: unknown): number {
  if (typeof value !== "string" || !/^0x[1-9a-f][0-9a-f]*$/i.test(value)) {
    throw WalletRpcError.invalidParams(
      `chainId must be a 0x-prefixed hex string without leading zeros, got ${JSON.stringify(value)}`,
    );
  }
  const chainId = Number.parseInt(value.slice(2), 16);
  if (!Number.isSafeInteger(chainId)) throw WalletRpcError.invalidParams(`chainId ${value} is too large`);
  return chainId;
}

export function parseSwitchChainParams(params: unknown): number {
  const request = firstParam(params, "wallet_switchEthereumChain");
  if (!isObject(request))
    throw WalletRpcError.invalidParams("wallet_switchEthereumChain expects [{ chainId }]");
  return chainIdParam(request.chainId);
}

function urlList(value: unknown, what: string, { required }: { required: boolean }): string[] {
  if (value === undefined || value === null) {
    if (required) throw WalletRpcError.invalidParams(`${what} must be a non-empty array of URLs`);
    return [];
  }
  if (!Array.isArray(value) || (required && value.length === 0))
    throw WalletRpcError.invalidParams(`${what} must be a non-empty array of URLs`);
  return value.map((url) => {
    if (typeof url !== "string" || !URL.canParse(url))
      throw WalletRpcError.invalidParams(`${what} contains an invalid URL: ${JSON.stringify(url)}`);
    return url;
  });
}

export function parseAddChainParams(params: unknown): WalletChain {
  const request = firstParam(params, "wallet_addEthereumChain");
  if (!isObject(request))
    throw WalletRpcError.invalidParams(
      "wallet_addEthereumChain expects [{ chainId, chainName, nativeCurrency, rpcUrls }]",
    );
  const chainId = chainIdParam(request.chainId);
  if (typeof request.chainName !== "string" || request.chainName.trim() === "")
    throw WalletRpcError.invalidParams("chainName must be a non-empty string");
  const currency = request.nativeCurrency;
  if (!isObject(currency) || typeof currency.name !== "string" || typeof currency.symbol !== "string") {
    throw WalletRpcError.invalidParams("nativeCurrency must be { name, symbol, decimals }");
  }
  if (currency.symbol.length < 2 || currency.symbol.length > 6)
    throw WalletRpcError.invalidParams("nativeCurrency.symbol must be 2-6 characters");
  if (currency.decimals !== 18) throw WalletRpcError.invalidParams("nativeCurrency.decimals must be 18");
  return {
    chainId,
    chainName: request.chainName,
    nativeCurrency: { name: currency.name, symbol: currency.symbol, decimals: 18 },
    rpcUrls: urlList(request.rpcUrls, "rpcUrls", { required: true }),
    blockExplorerUrls: urlList(request.blockExplorerUrls, "blockExplorerUrls", { required: false }),
  };
}

/** `wallet_requestPermissions` / `wallet_revokePermissions`: this wallet has one permission, eth_accounts. */
export function parseAccountsPermissionParams(params: unknown, method: string): void {
  const request = firstParam(params, method);
  if (!isObject(request) || !("eth_accounts" in request))
    throw WalletRpcError.invalidParams(`${method} expects [{ eth_accounts: {} }]`);
  const others = Object.keys(request).filter((name) => name !== "eth_accounts");
  if (others.length > 0) throw WalletRpcError.invalidParams(`unknown permission(s): ${others.join(", ")}`);
}

export interface WatchAssetRequest {
  readonly type: string;
  readonly address: Address;
  readonly symbol: string;
  readonly decimals: number;
  readonly image: string | undefined;
}

/** EIP-747: params is `{ type, options }` (some apps wrap it in an array). */
export function parseWatchAssetParams(params: unknown): WatchAssetRequest {
  const request: unknown = Array.isArray(params) ? params[0] : params;
  if (!isObject(request) || !isObject(request.options))
    throw WalletRpcError.invalidParams("wallet_watchAsset expects { type, options }");
  if (request.type !== "ERC20")
    throw WalletRpcError.invalidParams(`asset type ${JSON.stringify(request.type)} is not supported`);
  const { address, symbol, decimals, image } = request.options;
  if (typeof symbol !== "string" || symbol.length === 0 || symbol.length > 11)
    throw WalletRpcError.invalidParams("options.symbol must be 1-11 characters");
  if (typeof decimals !== "number" || !Number.isInteger(decimals) || decimals < 0 || decimals > 36) {
    throw WalletRpcError.invalidParams("options.decimals must be an integer 0-36");
  }
  if (image !== undefined && typeof image !== "string")
    throw WalletRpcError.invalidParams("options.image must be a URL string");
  return { type: request.type, address: addressParam(address, "options.address"), symbol, decimals, image };
}

export interface TransactionParams {
  readonly from: Address;
  readonly to: Address | null;
  readonly value?: bigint;
  readonly data?: Hex;
  readonly gas?: bigint;
  readonly nonce?: number;
  readonly gasPrice?: bigint;
  readonly maxFeePerGas?: bigint;
  readonly maxPriorityFeePerGas?: bigint;
  readonly accessList?: AccessList;
  readonly type?: "legacy" | "eip2930" | "eip1559";
  readonly chainId?: number;
}

const transactionTypes = { "0x0": "legacy", "0x1": "eip2930", "0x2": "eip1559" } as const;

export function parseTransactionParams(params: unknown): TransactionParams {
  const tx = firstParam(params, "eth_sendTransaction");
  if (!isObject(tx)) throw WalletRpcError.invalidParams("eth_sendTransaction expects [transaction]");
  const optional = <T>(key: string, parse: (value: unknown, what: string) => T): T | undefined =>
    tx[key] === undefined || tx[key] === null ? undefined : parse(tx[key], key);
  const data = tx.data ?? tx.input;
  if (data !== undefined && data !== null && (typeof data !== "string" || !isHex(data, { strict: true }))) {
    throw WalletRpcError.invalidParams("data must be hex");
  }
  const type = optional("type", (value) => {
    const known =
      typeof value === "string" ? transactionTypes[value as keyof typeof transactionTypes] : undefined;
    if (!known) throw WalletRpcError.invalidParams(`unsupported transaction type ${JSON.stringify(value)}`);
    return known;
  });
  const nonce = optional("nonce", quantity);
  const chainId = optional("chainId", quantity);
  return {
    from: addressParam(tx.from, "from"),
    to: optional("to", addressParam) ?? null,
    value: optional("value", quantity),
    data: (data ?? undefined) as Hex | undefined,
    gas: optional("gas", quantity) ?? optional("gasLimit", quantity),
    nonce: nonce === undefined ? undefined : Number(nonce),
    gasPrice: optional("gasPrice", quantity),
    maxFeePerGas: optional("maxFeePerGas", quantity),
    maxPriorityFeePerGas: optional("maxPriorityFeePerGas", quantity),
    accessList: optional("accessList", (value) => value as AccessList),
    type,
    chainId: chainId === undefined ? undefined : Number(chainId),
  };
}

/** personal_sign: `[message, address]`; the message is hex bytes, or (from some apps) plain text. */
export function parsePersonalSignParams(params: unknown): { message: SignableMessage; address: Address } {
  if (!Array.isArray(params) || params.length < 2)
    throw WalletRpcError.invalidParams("personal_sign expects [message, address]");
  const [message, address] = params as unknown[];
  if (typeof message !== "string") throw WalletRpcError.invalidParams("the message must be a string");
  return {
    message: isHex(message, { strict: true }) ? { raw: message } : message,
    address: addressParam(address, "address"),
  };
}

export interface TypedDataRequest {
  readonly address: Address;
  readonly typedData: TypedDataDefinition;
  readonly domainChainId: number | undefined;
}

/** eth_signTypedData_v4: `[address, typedData]`, the typed data as a JSON string (or an object). */
export function parseTypedDataParams(params: unknown): TypedDataRequest {
  if (!Array.isArray(params) || params.length < 2)
    throw WalletRpcError.invalidParams("eth_signTypedData_v4 expects [address, typedData]");
  const [address, raw] = params as unknown[];
  let parsed: unknown = raw;
  if (typeof raw === "string") {
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw WalletRpcError.invalidParams("typed data is not valid JSON");
    }
  }
  if (
    !isObject(parsed) ||
    !isObject(parsed.types) ||
    typeof parsed.primaryType !== "string" ||
    !isObject(parsed.message)
  ) {
    throw WalletRpcError.invalidParams("typed data must have types, primaryType, domain and message");
  }
  const { EIP712Domain: _domainType, ...types } = parsed.types;
  if (parsed.primaryType !== "EIP712Domain" && !(parsed.primaryType in types)) {
    throw WalletRpcError.invalidParams(`primaryType ${parsed.primaryType} is not among the types`);
  }
  const domain = isObject(parsed.domain) ? { ...parsed.domain } : {};
  let domainChainId: number | undefined;
  if (domain.chainId !== undefined) {
    const chainId = domain.chainId;
    if (
      (typeof chainId !== "string" && typeof chainId !== "number") ||
      !/^(0x[0-9a-f]+|\d+)$/i.test(String(chainId))
    ) {
      throw WalletRpcError.invalidParams("domain.chainId must be a number");
    }
    domainChainId = Number(BigInt(chainId));
    domain.chainId = BigInt(chainId);
  }
  const typedData = {
    domain,
    types,
    primaryType: parsed.primaryType,
    message: parsed.message,
  } as unknown as TypedDataDefinition;
  return { address: addressParam(address, "address"), typedData, domainChainId };
}
