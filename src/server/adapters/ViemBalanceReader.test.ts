import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  decodeFunctionData,
  encodeAbiParameters,
  encodeFunctionResult,
  erc20Abi,
  multicall3Abi,
  parseEther,
  type Address,
  type Hex,
} from "viem";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { alice, bob } from "../testing/hardhatAccounts";
import { scriptedTransport, type RpcCall } from "../testing/scriptedTransport";
import { FileDeploymentSource } from "./FileDeploymentSource";
import { PublicClientPool } from "./PublicClientPool";
import { BALANCES_PER_CALL, MULTICALL3_ADDRESS, ViemBalanceReader } from "./ViemBalanceReader";

const POO = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const BLOCK = 1234n;

/** Answers Multicall3.aggregate3 like the contract: balanceOf from `balances`, getBlockNumber = BLOCK. */
function answerAggregate3(call: RpcCall, balanceOf: (address: Address) => bigint): Hex {
  const [request] = call.params as [{ to: string; data: Hex }];
  const { args } = decodeFunctionData({ abi: multicall3Abi, data: request.data });
  const calls = (args?.[0] ?? []) as readonly { target: Address; callData: Hex }[];
  const results = calls.map(({ target, callData }) => {
    if (target.toLowerCase() === MULTICALL3_ADDRESS.toLowerCase()) {
      return { success: true, returnData: encodeAbiParameters([{ type: "uint256" }], [BLOCK]) };
    }
    const decoded = decodeFunctionData({ abi: erc20Abi, data: callData });
    const owner = decoded.args?.[0] as Address;
    return { success: true, returnData: encodeAbiParameters([{ type: "uint256" }], [balanceOf(owner)]) };
  });
  return encodeFunctionResult({ abi: multicall3Abi, functionName: "aggregate3", result: results });
}

describe("ViemBalanceReader", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "poo-deployments-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function writeDeployment(chainId: number, content: unknown): void {
    writeFileSync(join(dir, `${chainId}.json`), JSON.stringify(content));
  }
  const validDeployment = {
    chainId: 31337,
    pooToken: POO.toLowerCase(),
    crapToken: "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
    staking: "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0",
    deployBlock: 0,
  };

  function reader() {
    const scripted = scriptedTransport((call) => {
      if (call.method === "eth_blockNumber") return "0x4d2";
      if (call.method !== "eth_call") return null;
      return answerAggregate3(call, (owner) => (owner === bob.address ? 7n : parseEther("23810")));
    });
    const pool = new PublicClientPool({ 31337: "http://127.0.0.1:8545" }, () => scripted.transport);
    return {
      reader: new ViemBalanceReader((id) => pool.get(id), new FileDeploymentSource(dir)),
      calls: scripted.calls,
    };
  }

  it("reads balanceOf(address) on the deployment's POO token and the block, in one eth_call", async () => {
    writeDeployment(31337, validDeployment);
    const { reader: balances, calls } = reader();
    expect(await balances.pooBalanceOf(31337, alice.address)).toEqual({
      balanceWei: parseEther("23810"),
      blockNumber: BLOCK,
    });
    expect(calls.map((call) => call.method)).toEqual(["eth_call"]);
    const [request] = calls[0]?.params as [{ to: string; data: Hex }];
    expect(request.to.toLowerCase()).toBe(MULTICALL3_ADDRESS.toLowerCase());
    const { args } = decodeFunctionData({ abi: multicall3Abi, data: request.data });
    const [balanceCall, blockCall] = (args?.[0] ?? []) as readonly { target: Address; callData: Hex }[];
    expect(balanceCall?.target.toLowerCase()).toBe(POO.toLowerCase());
    expect(decodeFunctionData({ abi: erc20Abi, data: balanceCall?.callData ?? "0x" })).toEqual({
      functionName: "balanceOf",
      args: [alice.address],
    });
    expect(blockCall?.target).toBe(MULTICALL3_ADDRESS);
  });

  it("reads a launch's balances at one block, BALANCES_PER_CALL per eth_call", async () => {
    writeDeployment(31337, validDeployment);
    const { reader: balances, calls } = reader();
    const addresses = Array.from({ length: BALANCES_PER_CALL * 2 + 1 }, (_, i) =>
      i === 3 ? bob.address : alice.address,
    );
    const read = await balances.pooBalancesAt(31337, addresses, 999n);
    expect(read).toHaveLength(addresses.length);
    expect(read[3]).toBe(7n);
    expect(read[4]).toBe(parseEther("23810"));
    expect(calls.map((call) => call.method)).toEqual(["eth_call", "eth_call", "eth_call"]);
    for (const call of calls) expect((call.params as unknown[])[1]).toBe("0x3e7"); // block 999
    expect(await balances.latestBlock(31337)).toBe(BLOCK);
  });

  it("fails clearly when the chain has no deployment file", async () => {
    await expect(reader().reader.pooBalanceOf(31337, alice.address)).rejects.toThrow(/ENOENT/);
  });

  it("fails clearly when the deployment file is for another chain or malformed", async () => {
    writeDeployment(31337, { chainId: 1, pooToken: POO, crapToken: POO, staking: POO, deployBlock: "12" });
    await expect(reader().reader.pooBalanceOf(31337, alice.address)).rejects.toThrow(
      /describes chain 1, not 31337/,
    );
    writeDeployment(31337, { chainId: 31337, pooToken: "0x12" });
    await expect(reader().reader.pooBalanceOf(31337, alice.address)).rejects.toThrow(
      /is not a valid deployment/,
    );
  });
});
