import { encodeFunctionData, erc20Abi, parseAbi, type Address, type Hex } from "viem";
import { describe, expect, it } from "vitest";
import { planChainRead, type ReadPlan, type ReadScope } from "./chainReadPolicy";
import { gasMeterAbi, gasMeterRuntimeCode } from "./gasMeter.generated";
import { MULTICALL3_ADDRESS } from "./multicall3Address";

const POO: Address = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const CRAP: Address = "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512";
const STAKING: Address = "0x9fE46736679d2d9a65F0592f2272aA9C48F84a2E";
const USER: Address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const OTHER: Address = "0x1111111111111111111111111111111111111111";

const scope: ReadScope = {
  contracts: new Set([POO, CRAP, STAKING].map((address) => address.toLowerCase())),
  multicall3: MULTICALL3_ADDRESS.toLowerCase(),
  gasMeterCode: gasMeterRuntimeCode.toLowerCase(),
  maxLogRange: 10_000,
};

const multicall3Abi = parseAbi([
  "struct Call3 { address target; bool allowFailure; bytes callData; }",
  "function aggregate3(Call3[] calls) payable returns ((bool success, bytes returnData)[])",
  "function aggregate((address target, bytes callData)[] calls) payable returns (uint256 blockNumber, bytes[] returnData)",
  "function getEthBalance(address addr) view returns (uint256)",
  "function getBlockNumber() view returns (uint256)",
]);

const balanceOf = (owner: Address): Hex =>
  encodeFunctionData({ abi: erc20Abi, functionName: "balanceOf", args: [owner] });
const aggregate3 = (calls: { target: Address; callData: Hex }[]): Hex =>
  encodeFunctionData({
    abi: multicall3Abi,
    functionName: "aggregate3",
    args: [calls.map((call) => ({ ...call, allowFailure: true }))],
  });
const measure = (targets: Address[]): Hex =>
  encodeFunctionData({
    abi: gasMeterAbi,
    functionName: "measure",
    args: [targets.map((target) => ({ target, data: balanceOf(USER) }))],
  });

const plan = (method: string, params: unknown[]): ReadPlan => planChainRead({ id: 1, method, params }, scope);

/** The params a forwarded call is sent with at head `head`, or the refusal's message. */
function sentAt(result: ReadPlan, head = 100n): unknown {
  if (result.kind !== "forward") throw new Error(`expected a forwarded call, got ${JSON.stringify(result)}`);
  return result.paramsAt(head);
}

function refusal(result: ReadPlan): { reason: string; code: number; message: string } {
  if (result.kind !== "refused") throw new Error(`expected a refusal, got ${result.kind}`);
  return { reason: result.reason, code: result.code, message: result.message };
}

describe("planChainRead: what the app reads gets through", () => {
  it("answers eth_chainId and eth_blockNumber itself", () => {
    expect(plan("eth_chainId", []).kind).toBe("chain-id");
    expect(plan("eth_blockNumber", []).kind).toBe("block-number");
  });

  it("forwards the account snapshot (Multicall3.aggregate3 over the project's contracts and its block views), latest pinned to the head", () => {
    const data = aggregate3([
      { target: POO, callData: balanceOf(USER) },
      { target: CRAP, callData: balanceOf(USER) },
      { target: STAKING, callData: "0x8b876347" },
      { target: MULTICALL3_ADDRESS, callData: "0x42cbb15c" }, // getBlockNumber
      {
        target: MULTICALL3_ADDRESS,
        callData: encodeFunctionData({ abi: multicall3Abi, functionName: "getEthBalance", args: [USER] }),
      },
    ]);
    const result = plan("eth_call", [{ to: MULTICALL3_ADDRESS, data }, "latest"]);
    expect(sentAt(result, 0x1234n)).toEqual([{ to: MULTICALL3_ADDRESS, data }, "0x1234"]);
    expect(result).toMatchObject({ pinsHead: true, cacheable: true });
  });

  it("forwards a call to a project contract at a block (the replay of a failed transaction), as it came", () => {
    const call = { from: USER, to: STAKING, data: "0x3ccfd60b", value: "0x0", gas: "0x30d40" };
    const result = plan("eth_call", [call, "0x63"]);
    expect(sentAt(result)).toEqual([call, "0x63"]);
    expect(result).toMatchObject({ pinsHead: false, cacheable: true });
  });

  it("forwards the fee measurement: GasMeter's code at the caller's own address, measuring calls to the project's contracts", () => {
    const result = plan("eth_call", [
      { from: USER, to: USER, data: measure([POO, STAKING]) },
      "latest",
      { [USER]: { code: gasMeterRuntimeCode } },
    ]);
    expect(result.kind).toBe("forward");
  });

  it("forwards the activity's eth_getLogs over the tokens, 5,000 blocks, and a range ending at latest resolved to the head", () => {
    const filter = { address: [POO, CRAP], topics: [null], fromBlock: "0x1", toBlock: "0x1388" };
    expect(sentAt(plan("eth_getLogs", [filter]))).toEqual([filter]);
    expect(sentAt(plan("eth_getLogs", [{ address: POO, fromBlock: "0x5" }]), 0x20n)).toEqual([
      { address: POO, fromBlock: "0x5", toBlock: "0x20" },
    ]);
  });

  it("forwards balances, code and nonces of any account; `pending` is never kept", () => {
    expect(sentAt(plan("eth_getBalance", [USER, "latest"]), 7n)).toEqual([USER, "0x7"]);
    expect(sentAt(plan("eth_getCode", [OTHER, "latest"]), 7n)).toEqual([OTHER, "0x7"]);
    const pending = plan("eth_getTransactionCount", [USER, "pending"]);
    expect(sentAt(pending)).toEqual([USER, "pending"]);
    expect(pending).toMatchObject({ cacheable: false });
  });

  it("forwards blocks, transactions, receipts and fee questions; a missing receipt is not kept", () => {
    expect(sentAt(plan("eth_getBlockByNumber", ["latest", false]), 9n)).toEqual(["0x9", false]);
    const hash = `0x${"ab".repeat(32)}`;
    expect(plan("eth_getTransactionReceipt", [hash])).toMatchObject({ kind: "forward", keepNull: false });
    expect(plan("eth_getTransactionByHash", [hash])).toMatchObject({ kind: "forward", keepNull: false });
    expect(plan("eth_maxPriorityFeePerGas", []).kind).toBe("forward");
    expect(plan("eth_gasPrice", []).kind).toBe("forward");
  });
});

describe("planChainRead: refusals", () => {
  it("refuses a method outside the list with -32601", () => {
    for (const method of [
      "hardhat_setBalance",
      "eth_sendRawTransaction",
      "eth_sendTransaction",
      "debug_traceCall",
      "eth_subscribe",
    ]) {
      expect(refusal(plan(method, []))).toMatchObject({ reason: "method", code: -32601 });
    }
    expect(refusal(plan("hardhat_setBalance", [USER, "0x1"])).message).toBe(
      "The method hardhat_setBalance is not available here: this gateway serves the POO Finance app's chain reads only.",
    );
  });

  it("refuses eth_call and eth_estimateGas to another contract with -32602, naming it", () => {
    expect(refusal(plan("eth_call", [{ to: OTHER, data: balanceOf(USER) }, "latest"]))).toEqual({
      reason: "contract",
      code: -32602,
      message: `eth_call to ${OTHER} is not available here: only the POO Finance contracts and Multicall3 are served.`,
    });
    expect(refusal(plan("eth_estimateGas", [{ from: USER, to: OTHER, data: "0x" }])).reason).toBe("contract");
    expect(refusal(plan("eth_call", [{ data: "0x6080" }, "latest"])).reason).toBe("contract");
  });

  it("refuses Multicall3 as a relay to another contract, and its other entry points", () => {
    const through = aggregate3([
      { target: POO, callData: balanceOf(USER) },
      { target: OTHER, callData: balanceOf(USER) },
    ]);
    expect(
      refusal(plan("eth_call", [{ to: MULTICALL3_ADDRESS, data: through }, "latest"])).message,
    ).toContain(`through Multicall3 to ${OTHER}`);
    // Multicall3 calling itself with an aggregate: only its views may be reached that way.
    const nested = aggregate3([{ target: MULTICALL3_ADDRESS, callData: through }]);
    expect(refusal(plan("eth_call", [{ to: MULTICALL3_ADDRESS, data: nested }, "latest"])).reason).toBe(
      "contract",
    );
    const legacy = encodeFunctionData({
      abi: multicall3Abi,
      functionName: "aggregate",
      args: [[{ target: POO, callData: balanceOf(USER) }]],
    });
    expect(refusal(plan("eth_call", [{ to: MULTICALL3_ADDRESS, data: legacy }, "latest"])).reason).toBe(
      "contract",
    );
  });

  it("refuses any state override but the fee measurement's", () => {
    const foreignCode = plan("eth_call", [
      { from: USER, to: USER, data: measure([POO]) },
      "latest",
      { [USER]: { code: "0x6080604052" } },
    ]);
    expect(refusal(foreignCode)).toMatchObject({ reason: "state-override", code: -32602 });
    const onAContract = plan("eth_call", [
      { from: USER, to: STAKING, data: "0x3ccfd60b" },
      "latest",
      { [STAKING]: { code: gasMeterRuntimeCode } },
    ]);
    expect(refusal(onAContract).reason).toBe("state-override");
    const withBalance = plan("eth_call", [
      { from: USER, to: USER, data: measure([POO]) },
      "latest",
      { [USER]: { code: gasMeterRuntimeCode, balance: "0xffffffff" } },
    ]);
    expect(refusal(withBalance).reason).toBe("state-override");
    const measuringAnother = plan("eth_call", [
      { from: USER, to: USER, data: measure([POO, OTHER]) },
      "latest",
      { [USER]: { code: gasMeterRuntimeCode } },
    ]);
    expect(refusal(measuringAnother)).toMatchObject({ reason: "contract" });
  });

  it("refuses a 500,000-block eth_getLogs with -32005 in the words providers use (the app halves its range on them)", () => {
    const wide = plan("eth_getLogs", [
      { address: POO, fromBlock: "0x0", toBlock: `0x${(499_999).toString(16)}` },
    ]);
    expect(sentAt(wide)).toEqual({
      kind: "refused",
      reason: "log-range",
      code: -32005,
      message: "eth_getLogs block range is too large: 500,000 blocks; at most 10,000 blocks per request.",
    });
    // From block 0 to a head of 500,000: the range is judged once latest is resolved.
    expect(sentAt(plan("eth_getLogs", [{ address: POO, fromBlock: "earliest" }]), 499_999n)).toMatchObject({
      reason: "log-range",
    });
    expect(sentAt(plan("eth_getLogs", [{ address: POO, fromBlock: "0x0", toBlock: "0x270f" }]))).toEqual([
      { address: POO, fromBlock: "0x0", toBlock: "0x270f" },
    ]);
  });

  it("refuses eth_getLogs without an address or over another contract", () => {
    expect(refusal(plan("eth_getLogs", [{ fromBlock: "0x1", toBlock: "0x2" }])).reason).toBe("contract");
    expect(
      refusal(plan("eth_getLogs", [{ address: [POO, OTHER], fromBlock: "0x1", toBlock: "0x2" }])).message,
    ).toContain(OTHER);
  });

  it("refuses malformed params with -32602", () => {
    expect(refusal(plan("eth_getBalance", ["not an address", "latest"]))).toMatchObject({
      reason: "params",
      code: -32602,
    });
    expect(refusal(plan("eth_call", [{ to: POO, data: "0x12" }, "yesterday"])).reason).toBe("params");
    expect(refusal(plan("eth_call", [{ to: POO, data: "0x12", blobs: [] }, "latest"])).reason).toBe("params");
    expect(refusal(plan("eth_getBlockByNumber", ["latest"])).reason).toBe("params");
    expect(refusal(plan("eth_chainId", [1])).reason).toBe("params");
  });
});
