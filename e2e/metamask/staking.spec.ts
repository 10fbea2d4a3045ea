import { rejectedApprovalFlow, stakeWithApprovalFlow } from "../support/stakeFlows";
import { test } from "./fixtures";

/** MetaMask's screens take seconds each, on top of the app's own wait. */
const walletTimeoutMs = 60_000;

// The injected wallet's staking flows (e2e/support/stakeFlows.ts), clicked through in MetaMask. The
// chain is as deployed when this file starts and is not reverted between its tests: the rejection
// first (nothing sent), then the stake with approval (two confirmations).
test.describe("MetaMask: staking with approval", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/");
  });

  test("rejecting the spending cap in MetaMask shows the app's Error and sends nothing", async ({
    page,
    wallet,
    stack,
    chain,
    connectWallet,
  }) => {
    await rejectedApprovalFlow({ page, wallet, stack, chain, connectWallet, walletTimeoutMs });
  });

  test("approves exactly the quantity, then stakes it (two confirmations); figures equal the chain", async ({
    page,
    wallet,
    stack,
    chain,
    connectWallet,
  }) => {
    await stakeWithApprovalFlow({ page, wallet, stack, chain, connectWallet, walletTimeoutMs });
  });
});
