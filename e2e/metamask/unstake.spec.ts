import { stakeWithAllowanceFlow, unstakeAfterLockFlow } from "../support/stakeFlows";
import { test } from "./fixtures";

/** MetaMask's screens take seconds each, on top of the app's own wait. */
const walletTimeoutMs = 60_000;

// The injected wallet's flows (e2e/support/stakeFlows.ts), clicked through in MetaMask. The chain is as
// deployed when this file starts and is not reverted between its tests: the unstake first (it ends
// with nothing staked and no allowance), then a stake with 1,000 POO already approved.
test.describe("MetaMask: unstaking, and staking with allowance", () => {
  test("unstake after the lock (a time jump on the chain): one confirmation, POO back, CRAP paid", async ({
    page,
    wallet,
    stack,
    chain,
    connectWallet,
  }) => {
    await unstakeAfterLockFlow({ page, wallet, stack, chain, connectWallet, walletTimeoutMs });
  });

  test("with enough allowance already granted, MetaMask confirms only the stake", async ({
    page,
    wallet,
    stack,
    chain,
    connectWallet,
  }) => {
    await page.goto("/");
    await stakeWithAllowanceFlow({ page, wallet, stack, chain, connectWallet, walletTimeoutMs });
  });
});
