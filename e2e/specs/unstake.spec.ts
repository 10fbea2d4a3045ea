import { expect, test } from "../fixtures/app";
import { unstakeAfterLockFlow } from "../support/stakeFlows";

// Shared with the MetaMask project (e2e/metamask/): the flow is in e2e/support/stakeFlows.ts.
test.describe("unstaking from the My Stake panel", () => {
  test("is locked before the minimum duration (saying from when), then withdraws the stake and pays CRAP", async ({
    page,
    wallet,
    stack,
    chain,
    connectWallet,
  }) => {
    expect(await wallet.activeAccount()).toBe(stack.accounts[0]);
    await unstakeAfterLockFlow({ page, wallet, stack, chain, connectWallet });
  });
});
