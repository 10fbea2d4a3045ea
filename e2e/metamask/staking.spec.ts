import {
  rejectedApprovalFlow,
  stakeWithAllowanceFlow,
  stakeWithApprovalFlow,
  unstakeAfterLockFlow,
  type StakeFlowContext,
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
const flows: ReadonlyArray<{
  readonly title: string;
  readonly flow: (context: StakeFlowContext) => Promise<void>;
  /** Opens the app first (the unstake flow stakes from the test, then opens it itself). */
  readonly openApp: boolean;
}> = [
  {
    title: "rejecting the spending cap in MetaMask shows the app's Error and sends nothing",
    flow: rejectedApprovalFlow,
    openApp: true,
  },
  {
    title: "unstake after the lock (a time jump on the chain): one confirmation, POO back, CRAP paid",
    flow: unstakeAfterLockFlow,
    openApp: false,
  },
  {
    title: "approves exactly the quantity, then stakes it (two confirmations); figures equal the chain",
    flow: stakeWithApprovalFlow,
    openApp: true,
  },
  {
    title: "with enough allowance already granted, MetaMask confirms only the stake",
    flow: stakeWithAllowanceFlow,
    openApp: true,
  },
];

test.describe("MetaMask: staking and unstaking", () => {
  for (const { title, flow, openApp } of flows) {
    test(title, async ({ page, wallet, stack, chain, connectWallet }) => {
      if (openApp) await page.goto("/");
      await flow({ page, wallet, stack, chain, connectWallet, walletTimeoutMs });
    });
  }
});
