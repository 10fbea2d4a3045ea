import { erc20Abi, parseEther, type Address } from "viem";
import { expect, test } from "../fixtures/app";
import type { E2eStack } from "../support/e2eStack";

function account(stack: E2eStack, index: number): Address {
  const address = stack.accounts[index];
  if (!address) throw new Error(`the stack has no account ${index}`);
  return address;
}

// The rig itself, which every app spec relies on. No browser needed.
test.describe("the e2e rig", () => {
  test("seeds each of the stack's five accounts with 1,000,000 POO", async ({ stack, chain }) => {
    expect(stack.accounts).toHaveLength(5);
    for (const holder of stack.accounts) {
      const balance = await chain.publicClient.readContract({
        address: stack.contracts.pooToken,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [holder],
      });
      expect(balance).toBe(parseEther("1000000"));
    }
  });

  test.describe("chain isolation", () => {
    test.describe.configure({ mode: "serial" });
    const THIRTY_DAYS = 30n * 24n * 60n * 60n;
    let before: { block: bigint; timestamp: bigint } | undefined;

    test("a test may move time and change balances…", async ({ stack, chain }) => {
      before = { block: await chain.publicClient.getBlockNumber(), timestamp: await chain.latestTimestamp() };
      await chain.increaseTime(THIRTY_DAYS);
      await chain.testClient.setBalance({ address: account(stack, 4), value: 0n });
      expect(await chain.latestTimestamp()).toBeGreaterThanOrEqual(before.timestamp + THIRTY_DAYS);
    });

    test("…and the next test finds the chain as it was", async ({ stack, chain }) => {
      if (!before) throw new Error("runs after the previous test (serial mode)");
      expect(await chain.publicClient.getBlockNumber()).toBe(before.block);
      expect(await chain.publicClient.getBalance({ address: account(stack, 4) })).toBeGreaterThan(0n);
      // The clock went back too: a new block is not thirty days ahead.
      await chain.mine();
      expect(await chain.latestTimestamp()).toBeLessThan(before.timestamp + THIRTY_DAYS);
    });
  });
});
