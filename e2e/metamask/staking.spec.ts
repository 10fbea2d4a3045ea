import {
  rejectedApprovalFlow,
  stakeWithAllowanceFlow,
  stakeWithApprovalFlow,
  unstakeAfterLockFlow,
} from "../support/stakeFlows";
import { test } from "./fixtures";

/** MetaMask's screens take seconds each, on top of the app's own wait. */
const walletTimeoutMs = 60_000;

// The injected wallet's staking flows (e2e/support/stakeFlows.ts), clicked through in MetaMask, in one
// MetaMask browser. The chain is as deployed when this file starts and is never reverted under
// MetaMask (it keeps nonces and the blocks it saw), so the order matters: the rejection first
// (nothing sent, nothing staked), the unstake (it stakes from the test, jumps past the lock and ends
// with nothing staked and no allowance), the stake with approval (two confirmations), then a stake
// with 1,000 POO already approved (one confirmation).
// A failed test restarts the worker: the next test then starts on a fresh stack and MetaMask.
test.describe("MetaMask: staking and unstaking", () => {
  test("rejecting the spending cap in MetaMask shows the app's Error and sends nothing", async ({
    page,
    wallet,
    stack,
    chain,
    connectWallet,
  }) => {
    await page.goto("/");
    await rejectedApprovalFlow({ page, wallet, stack, chain, connectWallet, walletTimeoutMs });
  });

  test("unstake after the lock (a time jump on the chain): one confirmation, POO back, CRAP paid", async ({
    page,
    wallet,
    stack,
    chain,
    connectWallet,
  }) => {
    await unstakeAfterLockFlow({ page, wallet, stack, chain, connectWallet, walletTimeoutMs });
  });

  test("approves exactly the quantity, then stakes it (two confirmations); figures equal the chain", async ({
    page,
    wallet,
    stack,
    chain,
    connectWallet,
  }) => {
    await page.goto("/");
    await stakeWithApprovalFlow({ page, wallet, stack, chain, connectWallet, walletTimeoutMs });
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
