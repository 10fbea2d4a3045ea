import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createPublicClient, custom, decodeFunctionResult, encodeFunctionData, erc20Abi } from "viem";
import { hardhat } from "viem/chains";
import { installMulticall3 } from "../../scripts/lib/installMulticall3.ts";
import { MULTICALL3_ADDRESS } from "../../src/app/wallet/buildChains.ts";
import { networkHelpers, poo, provider, tokensFixture, viem } from "./fixtures.ts";

const { loadFixture } = networkHelpers;

async function multicallFixture() {
  const base = await tokensFixture();
  const multicall = await viem.deployContract("Multicall3Local");
  return { ...base, multicall };
}

describe("Multicall3Local", () => {
  it("aggregate3 returns each call's outcome and tolerates failures that are allowed", async () => {
    const { multicall, pooToken, owner, alice } = await loadFixture(multicallFixture);
    const calls = [
      {
        target: pooToken.address,
        allowFailure: false,
        callData: encodeFunctionData({
          abi: erc20Abi,
          functionName: "balanceOf",
          args: [owner.account.address],
        }),
      },
      {
        // alice holds nothing: this transfer reverts, but failure is allowed
        target: pooToken.address,
        allowFailure: true,
        callData: encodeFunctionData({
          abi: erc20Abi,
          functionName: "transfer",
          args: [owner.account.address, 1n],
        }),
      },
    ] as const;
    const { result } = await multicall.simulate.aggregate3([calls], { account: alice.account.address });
    assert.equal(result.length, 2);
    assert.equal(result[0]!.success, true);
    assert.equal(
      decodeFunctionResult({ abi: erc20Abi, functionName: "balanceOf", data: result[0]!.returnData }),
      await pooToken.read.balanceOf([owner.account.address]),
    );
    assert.equal(result[1]!.success, false);
    assert.ok(result[1]!.returnData.length > 2, "the revert data of the failed call is returned");
  });

  it("aggregate3 reverts with CallFailed when a call that must succeed fails", async () => {
    const { multicall, pooToken, owner } = await loadFixture(multicallFixture);
    const calls = [
      {
        target: pooToken.address,
        allowFailure: true,
        callData: encodeFunctionData({ abi: erc20Abi, functionName: "totalSupply" }),
      },
      {
        target: pooToken.address,
        allowFailure: false,
        callData: encodeFunctionData({
          abi: erc20Abi,
          functionName: "transferFrom",
          args: [owner.account.address, multicall.address, 1n],
        }),
      },
    ] as const;
    await viem.assertions.revertWithCustomErrorWithArgs(
      multicall.simulate.aggregate3([calls]),
      multicall,
      "CallFailed",
      [1n, (data: string) => data.startsWith("0xfb8f41b2")], // ERC20InsufficientAllowance
    );
    await viem.assertions.revertWithCustomError(multicall.write.aggregate3([calls]), multicall, "CallFailed");
  });

  it("aggregate3 accepts ether (payable like Multicall3) and an empty batch", async () => {
    const { multicall } = await loadFixture(multicallFixture);
    await multicall.write.aggregate3([[]], { value: 5n });
    assert.equal(await multicall.read.getEthBalance([multicall.address]), 5n);
  });

  it("reports block number, timestamp and ether balances", async () => {
    const { multicall, alice } = await loadFixture(multicallFixture);
    const publicClient = await viem.getPublicClient();
    const block = await publicClient.getBlock();
    assert.equal(await multicall.read.getBlockNumber(), block.number);
    assert.equal(await multicall.read.getCurrentBlockTimestamp(), block.timestamp);
    assert.equal(
      await multicall.read.getEthBalance([alice.account.address]),
      await publicClient.getBalance({ address: alice.account.address }),
    );
  });

  it("installed at the canonical address, lets viem batch reads into one eth_call", async () => {
    const { pooToken, owner, alice } = await loadFixture(multicallFixture);
    assert.equal(await installMulticall3(provider), MULTICALL3_ADDRESS);

    // A client configured as the web app's is: the chain names Multicall3 and batching is on.
    const ethCalls: unknown[] = [];
    const client = createPublicClient({
      chain: { ...hardhat, contracts: { multicall3: { address: MULTICALL3_ADDRESS } } },
      transport: custom({
        request: async (args: { method: string; params?: unknown }) => {
          if (args.method === "eth_call") ethCalls.push(args.params);
          return provider.request(args as Parameters<typeof provider.request>[0]);
        },
      }),
      batch: { multicall: true },
    });
    await pooToken.write.transfer([alice.account.address, poo(3)]);
    const [balance, symbol, broken] = await Promise.allSettled([
      client.readContract({
        address: pooToken.address,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [alice.account.address],
      }),
      client.readContract({ address: pooToken.address, abi: erc20Abi, functionName: "symbol" }),
      // an account, not a contract: this read fails on its own without spoiling the batch
      client.readContract({ address: owner.account.address, abi: erc20Abi, functionName: "symbol" }),
    ]);
    assert.deepEqual(balance, { status: "fulfilled", value: poo(3) });
    assert.deepEqual(symbol, { status: "fulfilled", value: "POO" });
    assert.equal(broken.status, "rejected");
    assert.equal(ethCalls.length, 1, "three reads, one eth_call");
  });

  it("installMulticall3 refuses any node but Hardhat's simulated chains", async () => {
    const gethLike = {
      request: async () => "Geth/v1.14.0-stable/linux-amd64/go1.22",
    } as unknown as Parameters<typeof installMulticall3>[0];
    await assert.rejects(installMulticall3(gethLike), /only runs on a Hardhat simulated chain, not on Geth/);
  });
});
