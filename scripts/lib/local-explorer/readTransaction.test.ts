import {
  BaseError,
  RawContractError,
  TransactionNotFoundError,
  encodeErrorResult,
  encodeFunctionData,
  parseEther,
  type Hash,
} from "viem";
import { describe, expect, it, vi } from "vitest";
import { stakingAbi } from "../../../src/adapters/chain/abis.generated";
import { readTransaction, type ExplorerChainReader } from "./readTransaction";
import { ALICE, testContracts, testDeployment } from "./testDeployment";

const HASH: Hash = `0x${"cd".repeat(32)}`;
const staking = testDeployment.staking as `0x${string}`;
const input = encodeFunctionData({ abi: stakingAbi, functionName: "stake", args: [parseEther("50")] });
// Nodes answer addresses in lower case; the page shows them checksummed.
const transaction = {
  hash: HASH,
  from: ALICE.toLowerCase(),
  to: staking.toLowerCase(),
  input,
  value: 0n,
  gas: 100_000n,
  gasPrice: 2_000_000_000n,
  nonce: 3,
  blockNumber: 9n,
};

function reader(overrides: Partial<Record<keyof ExplorerChainReader, unknown>>): ExplorerChainReader {
  return {
    getTransaction: vi.fn(async () => transaction),
    getTransactionReceipt: vi.fn(async () => ({
      status: "success",
      blockNumber: 9n,
      gasUsed: 50_000n,
      effectiveGasPrice: 1_500_000_000n,
      contractAddress: null,
      logs: [],
    })),
    getBlock: vi.fn(async () => ({ number: 9n, timestamp: 1_764_000_000n })),
    call: vi.fn(async () => ({ data: "0x" })),
    ...overrides,
  } as unknown as ExplorerChainReader;
}

describe("readTransaction", () => {
  it("is undefined for a hash the chain does not know", async () => {
    const client = reader({
      getTransaction: vi.fn(async () => {
        throw new TransactionNotFoundError({ hash: HASH });
      }),
    });
    expect(await readTransaction(client, HASH, testContracts)).toBeUndefined();
  });

  it("passes on any other failure (the server answers 502)", async () => {
    const client = reader({
      getTransaction: vi.fn(async () => {
        throw new Error("connection refused");
      }),
    });
    await expect(readTransaction(client, HASH, testContracts)).rejects.toThrow("connection refused");
  });

  it("reads a mined one: block, gas used, effective price and fee, the decoded call", async () => {
    const view = await readTransaction(reader({}), HASH, testContracts);
    expect(view).toMatchObject({
      hash: HASH,
      status: "success",
      block: { number: 9n, timestamp: 1_764_000_000n },
      from: { address: ALICE, name: undefined },
      to: { address: staking, name: "Staking" },
      gasUsed: 50_000n,
      gasPrice: 1_500_000_000n,
      fee: 50_000n * 1_500_000_000n,
      call: { kind: "function", functionName: "stake" },
      revertReason: undefined,
    });
  });

  it("says a transaction without a block is pending, without asking for a receipt", async () => {
    const client = reader({ getTransaction: vi.fn(async () => ({ ...transaction, blockNumber: null })) });
    const view = await readTransaction(client, HASH, testContracts);
    expect(view).toMatchObject({ status: "pending", block: undefined, gasUsed: undefined, fee: undefined });
    expect(view?.gasPrice).toBe(2_000_000_000n);
    expect(client.getTransactionReceipt).not.toHaveBeenCalled();
  });

  it("replays a reverted one on the state before its block to read the reason", async () => {
    const data = encodeErrorResult({
      abi: stakingAbi,
      errorName: "BelowMinStake",
      args: [parseEther("50"), parseEther("100")],
    });
    const call = vi.fn(async () => {
      throw new BaseError("call reverted", { cause: new RawContractError({ data }) });
    });
    const client = reader({
      getTransactionReceipt: vi.fn(async () => ({
        status: "reverted",
        blockNumber: 9n,
        gasUsed: 30_000n,
        effectiveGasPrice: 1n,
        contractAddress: null,
        logs: [],
      })),
      call,
    });
    const view = await readTransaction(client, HASH, testContracts);
    expect(view?.status).toBe("reverted");
    expect(view?.revertReason).toBe("BelowMinStake(amount: 50 POO, minStake: 100 POO)");
    expect(call).toHaveBeenCalledWith(
      expect.objectContaining({ account: ALICE.toLowerCase(), data: input, blockNumber: 8n }),
    );
  });
});
