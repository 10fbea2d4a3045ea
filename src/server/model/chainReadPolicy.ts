import { decodeFunctionData, parseAbi, toFunctionSelector, type Hex } from "viem";
import { gasMeterAbi } from "./gasMeter.generated";
import { RPC_ERROR, type JsonRpcCall } from "./jsonRpc";

/** Why a call was refused: the log line's and the metrics' label. */
export type RefusalReason = "method" | "params" | "contract" | "state-override" | "log-range";

export type Refusal = { kind: "refused"; reason: RefusalReason; code: number; message: string };

/**
 * What the gateway does with one accepted call: answer it itself (the chain id; the block number from
 * its head) or forward it, its `latest` pinned to the head's number (`paramsAt`).
 */
export type ReadPlan =
  | Refusal
  | { kind: "chain-id" }
  | { kind: "block-number" }
  | {
      kind: "forward";
      method: string;
      /** The params with `latest` replaced by `head`; an eth_getLogs range may only be judged then. */
      paramsAt: (head: bigint) => unknown[] | Refusal;
      /** Whether `paramsAt` put the head's number in: a "no such block" answer then means the head moved back. */
      pinsHead: boolean;
      /** May its answer be served again at the same head (not for `pending`)? */
      cacheable: boolean;
      /** A null answer (a transaction not mined yet) is not kept: the next block may bring it. */
      keepNull: boolean;
    };

/** What a chain's reads may reach. Addresses in lower case. */
export type ReadScope = {
  /** The project's contracts on this chain (deployments/<chainId>.json). */
  contracts: ReadonlySet<string>;
  multicall3: string;
  /** GasMeter's runtime code in lower case: the one code a state override may put in place. */
  gasMeterCode: string;
  maxLogRange: number;
};

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const HASH = /^0x[0-9a-fA-F]{64}$/;
const QUANTITY = /^0x[0-9a-fA-F]{1,64}$/;
const DATA = /^0x([0-9a-fA-F]{2})*$/;
const FIXED_TAGS = new Set(["earliest", "safe", "finalized"]);
const TRANSACTION_FIELDS = new Set([
  "from",
  "to",
  "data",
  "input",
  "value",
  "gas",
  "gasPrice",
  "maxFeePerGas",
  "maxPriorityFeePerGas",
  "nonce",
  "type",
  "accessList",
  "chainId",
]);
const FILTER_FIELDS = new Set(["address", "topics", "fromBlock", "toBlock", "blockHash"]);

/** Multicall3's batching entry point and the views that make no call (viem reads the block and balances through them). */
const multicall3Abi = parseAbi([
  "struct Call3 { address target; bool allowFailure; bytes callData; }",
  "function aggregate3(Call3[] calls) payable returns ((bool success, bytes returnData)[])",
  "function getBasefee() view returns (uint256)",
  "function getBlockHash(uint256 blockNumber) view returns (bytes32)",
  "function getBlockNumber() view returns (uint256)",
  "function getChainId() view returns (uint256)",
  "function getCurrentBlockCoinbase() view returns (address)",
  "function getCurrentBlockDifficulty() view returns (uint256)",
  "function getCurrentBlockGasLimit() view returns (uint256)",
  "function getCurrentBlockTimestamp() view returns (uint256)",
  "function getEthBalance(address addr) view returns (uint256)",
  "function getLastBlockHash() view returns (bytes32)",
]);
const MULTICALL3_VIEWS: ReadonlySet<string> = new Set<string>(
  multicall3Abi
    .filter((item) => item.type === "function" && item.name !== "aggregate3")
    .map((item) => toFunctionSelector(item)),
);

const refused = (reason: RefusalReason, code: number, message: string): Refusal => ({
  kind: "refused",
  reason,
  code,
  message,
});
const badParams = (method: string, detail: string): Refusal =>
  refused("params", RPC_ERROR.invalidParams, `Invalid params for ${method}: ${detail}.`);

/** A block parameter: `latest` (pinned to the head), `pending` (never kept), or a fixed block. */
type BlockRef = { kind: "latest" } | { kind: "pending" } | { kind: "fixed"; value: unknown };

function blockRef(value: unknown): BlockRef | undefined {
  if (value === undefined || value === "latest") return { kind: "latest" };
  if (value === "pending") return { kind: "pending" };
  if (typeof value === "string" && (QUANTITY.test(value) || FIXED_TAGS.has(value))) {
    return { kind: "fixed", value };
  }
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    const { blockNumber, blockHash, requireCanonical, ...rest } = value as Record<string, unknown>;
    const oneOf = (blockNumber === undefined) !== (blockHash === undefined);
    const numberOk =
      blockNumber === undefined || (typeof blockNumber === "string" && QUANTITY.test(blockNumber));
    const hashOk = blockHash === undefined || (typeof blockHash === "string" && HASH.test(blockHash));
    const canonicalOk = requireCanonical === undefined || typeof requireCanonical === "boolean";
    if (oneOf && numberOk && hashOk && canonicalOk && Object.keys(rest).length === 0) {
      return { kind: "fixed", value };
    }
  }
  return undefined;
}

const toQuantity = (n: bigint): string => `0x${n.toString(16)}`;

/** A forwarded call whose block parameter sits at `index` of `params` (`latest` when absent). */
function forwardAt(method: string, params: readonly unknown[], index: number, ref: BlockRef): ReadPlan {
  return {
    kind: "forward",
    method,
    pinsHead: ref.kind === "latest",
    cacheable: ref.kind !== "pending",
    keepNull: true,
    paramsAt: (head) => {
      const resolved = [...params];
      if (ref.kind === "latest") resolved[index] = toQuantity(head);
      return resolved;
    },
  };
}

/** Forwarded as it came: no block parameter. */
function forwardAsIs(method: string, params: readonly unknown[], keepNull = true): ReadPlan {
  return { kind: "forward", method, pinsHead: false, cacheable: true, keepNull, paramsAt: () => [...params] };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** eth_call / eth_estimateGas: [transaction, block?, stateOverride?] to the project's contracts only. */
function planContractCall(method: string, params: readonly unknown[], scope: ReadScope): ReadPlan {
  const [transaction, block, stateOverride, ...extra] = params;
  if (extra.length > 0) return badParams(method, "at most a transaction, a block and a state override");
  if (!isRecord(transaction)) return badParams(method, "the first parameter must be a transaction object");
  const unknown = Object.keys(transaction).find((key) => !TRANSACTION_FIELDS.has(key));
  if (unknown !== undefined) return badParams(method, `the transaction field "${unknown}" is not served`);
  const { to, from, data, input } = transaction;
  if (typeof to !== "string" || !ADDRESS.test(to)) {
    return refused(
      "contract",
      RPC_ERROR.invalidParams,
      `${method} without a contract address ("to") is not available here: only the POO Finance contracts and Multicall3 are served.`,
    );
  }
  if (from !== undefined && (typeof from !== "string" || !ADDRESS.test(from))) {
    return badParams(method, '"from" must be an address');
  }
  for (const field of [data, input]) {
    if (field !== undefined && (typeof field !== "string" || !DATA.test(field))) {
      return badParams(method, "the calldata must be hex bytes");
    }
  }
  if (
    data !== undefined &&
    input !== undefined &&
    String(data).toLowerCase() !== String(input).toLowerCase()
  ) {
    return badParams(method, '"data" and "input" differ');
  }
  const calldata = ((data ?? input ?? "0x") as string).toLowerCase() as Hex;
  const ref = blockRef(block);
  if (!ref) return badParams(method, "the block must be a block number, a tag or an EIP-1898 block");

  const target = to.toLowerCase();
  const refusal =
    stateOverride === undefined
      ? contractCallRefusal(method, target, calldata, scope)
      : measureRefusal(
          method,
          target,
          typeof from === "string" ? from.toLowerCase() : undefined,
          calldata,
          stateOverride,
          scope,
        );
  if (refusal) return refusal;
  // viem leaves the block out of eth_estimateGas unless asked: it stays out, the provider's default.
  if (block === undefined && method === "eth_estimateGas") return forwardAsIs(method, params);
  return forwardAt(method, params, 1, ref);
}

const notServedContract = (method: string, address: string): Refusal =>
  refused(
    "contract",
    RPC_ERROR.invalidParams,
    `${method} to ${address} is not available here: only the POO Finance contracts and Multicall3 are served.`,
  );

/** A call to one of the project's contracts, or through Multicall3 to them (and to its own views). */
function contractCallRefusal(
  method: string,
  target: string,
  calldata: Hex,
  scope: ReadScope,
): Refusal | undefined {
  if (scope.contracts.has(target)) return undefined;
  if (target !== scope.multicall3) return notServedContract(method, target);
  const selector = calldata.slice(0, 10);
  if (MULTICALL3_VIEWS.has(selector)) return undefined;
  let calls: readonly { target: string; callData: Hex }[];
  try {
    const decoded = decodeFunctionData({ abi: multicall3Abi, data: calldata });
    if (decoded.functionName !== "aggregate3") throw new Error("not aggregate3");
    calls = decoded.args[0];
  } catch {
    return refused(
      "contract",
      RPC_ERROR.invalidParams,
      `${method} to Multicall3 is available for aggregate3 and its block and balance views only.`,
    );
  }
  for (const call of calls) {
    const inner = call.target.toLowerCase();
    if (scope.contracts.has(inner)) continue;
    if (inner === scope.multicall3 && MULTICALL3_VIEWS.has(call.callData.slice(0, 10).toLowerCase()))
      continue;
    return notServedContract(`${method} through Multicall3`, inner);
  }
  return undefined;
}

/**
 * The app's fee measurement (src/adapters/chain/measureCalls.ts): GasMeter's code put at the caller's
 * own address by a state override, the call from that address to itself, measuring calls to the
 * project's contracts. No other state override is served: it would run any code the caller wrote.
 */
function measureRefusal(
  method: string,
  target: string,
  from: string | undefined,
  calldata: Hex,
  stateOverride: unknown,
  scope: ReadScope,
): Refusal | undefined {
  const overrideRefusal = refused(
    "state-override",
    RPC_ERROR.invalidParams,
    `${method} with a state override is available for the app's fee measurement only (GasMeter's code at the caller's own address).`,
  );
  if (!isRecord(stateOverride) || from !== target) return overrideRefusal;
  const entries = Object.entries(stateOverride);
  const [entry] = entries;
  if (entries.length !== 1 || !entry || entry[0].toLowerCase() !== target || !isRecord(entry[1])) {
    return overrideRefusal;
  }
  const { code, ...rest } = entry[1];
  if (Object.keys(rest).length > 0 || typeof code !== "string" || code.toLowerCase() !== scope.gasMeterCode) {
    return overrideRefusal;
  }
  let calls: readonly { target: string }[];
  try {
    const decoded = decodeFunctionData({ abi: gasMeterAbi, data: calldata });
    calls = decoded.args[0];
  } catch {
    return overrideRefusal;
  }
  const outside = calls.find((call) => !scope.contracts.has(call.target.toLowerCase()));
  return outside ? notServedContract(`${method} through GasMeter`, outside.target.toLowerCase()) : undefined;
}

/** eth_getLogs: [filter] over the project's contracts, at most `maxLogRange` blocks. */
function planGetLogs(params: readonly unknown[], scope: ReadScope): ReadPlan {
  const method = "eth_getLogs";
  const [filter, ...extra] = params;
  if (extra.length > 0 || !isRecord(filter)) return badParams(method, "one filter object");
  const unknown = Object.keys(filter).find((key) => !FILTER_FIELDS.has(key));
  if (unknown !== undefined) return badParams(method, `the filter field "${unknown}" is not served`);
  const addresses = [filter.address].flat();
  if (filter.address === undefined || addresses.length === 0) {
    return refused(
      "contract",
      RPC_ERROR.invalidParams,
      "eth_getLogs without an address is not available here: name the POO Finance contracts.",
    );
  }
  for (const address of addresses) {
    if (typeof address !== "string" || !ADDRESS.test(address))
      return badParams(method, "addresses must be 0x addresses");
    if (!scope.contracts.has(address.toLowerCase())) return notServedContract(method, address.toLowerCase());
  }
  if (filter.topics !== undefined && !Array.isArray(filter.topics))
    return badParams(method, "topics must be a list");
  if (filter.blockHash !== undefined) {
    if (
      filter.fromBlock !== undefined ||
      filter.toBlock !== undefined ||
      typeof filter.blockHash !== "string" ||
      !HASH.test(filter.blockHash)
    ) {
      return badParams(method, "blockHash is a 32-byte hash, without fromBlock or toBlock");
    }
    return forwardAsIs(method, params);
  }
  const bounds = [filter.fromBlock, filter.toBlock].map((value) =>
    value === undefined || value === "latest" || value === "pending"
      ? ("head" as const)
      : value === "earliest"
        ? 0n
        : typeof value === "string" && QUANTITY.test(value)
          ? BigInt(value)
          : undefined,
  );
  const [from, to] = bounds;
  if (from === undefined || to === undefined) {
    return badParams(method, "fromBlock and toBlock must be block numbers, latest or earliest");
  }
  const pinsHead = from === "head" || to === "head";
  return {
    kind: "forward",
    method,
    pinsHead,
    cacheable: true,
    keepNull: true,
    paramsAt: (head) => {
      const fromBlock = from === "head" ? head : from;
      const toBlock = to === "head" ? head : to;
      const blocks = toBlock - fromBlock + 1n;
      if (blocks > BigInt(scope.maxLogRange)) {
        return refused(
          "log-range",
          RPC_ERROR.limitExceeded,
          `eth_getLogs block range is too large: ${blocks.toLocaleString("en-US")} blocks; at most ${scope.maxLogRange.toLocaleString("en-US")} blocks per request.`,
        );
      }
      return [{ ...filter, fromBlock: toQuantity(fromBlock), toBlock: toQuantity(toBlock) }];
    },
  };
}

/** [address, block]: balances, code and nonces of any account. */
function planAccountRead(method: string, params: readonly unknown[]): ReadPlan {
  const [address, block, ...extra] = params;
  if (extra.length > 0 || typeof address !== "string" || !ADDRESS.test(address)) {
    return badParams(method, "an address and a block");
  }
  const ref = blockRef(block);
  if (!ref) return badParams(method, "the block must be a block number, a tag or an EIP-1898 block");
  return forwardAt(method, params, 1, ref);
}

/**
 * How the gateway serves one call: the app's reads (its snapshot and fee quote, wagmi's and viem's
 * polling, the replay of a failed transaction, the activity's logs) and nothing else. eth_call,
 * eth_estimateGas and eth_getLogs reach the project's contracts and Multicall3 only.
 */
export function planChainRead(call: JsonRpcCall, scope: ReadScope): ReadPlan {
  const { method, params } = call;
  switch (method) {
    case "eth_chainId":
      return params.length === 0 ? { kind: "chain-id" } : badParams(method, "no parameters");
    case "eth_blockNumber":
      return params.length === 0 ? { kind: "block-number" } : badParams(method, "no parameters");
    case "eth_gasPrice":
    case "eth_maxPriorityFeePerGas":
      return params.length === 0 ? forwardAsIs(method, params) : badParams(method, "no parameters");
    case "eth_getBalance":
    case "eth_getCode":
    case "eth_getTransactionCount":
      return planAccountRead(method, params);
    case "eth_getBlockByNumber": {
      const [block, full, ...extra] = params;
      const ref = blockRef(block);
      if (!ref || block === undefined || typeof full !== "boolean" || extra.length > 0) {
        return badParams(method, "a block and whether to include transactions");
      }
      return forwardAt(method, params, 0, ref);
    }
    case "eth_getTransactionByHash":
    case "eth_getTransactionReceipt": {
      const [hash, ...extra] = params;
      if (typeof hash !== "string" || !HASH.test(hash) || extra.length > 0)
        return badParams(method, "a transaction hash");
      return forwardAsIs(method, params, false);
    }
    case "eth_call":
    case "eth_estimateGas":
      return planContractCall(method, params, scope);
    case "eth_getLogs":
      return planGetLogs(params, scope);
    default:
      return refused(
        "method",
        RPC_ERROR.methodNotFound,
        `The method ${method} is not available here: this gateway serves the POO Finance app's chain reads only.`,
      );
  }
}
