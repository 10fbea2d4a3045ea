import { parseEther } from "viem";
import { expect, test } from "../fixtures/app";
import { pausePoolAhead } from "../support/pausePoolAhead";
import {
  approveFromTest,
  enterButton,
  errorDialog,
  explorerLink,
  processingOverlay,
  quantityInput,
  readChainFigures,
  stakeButton,
  stakeDialog,
  waitForFiguresLoaded,
} from "../support/stakePage";

test.describe("a stake mined with status 0", () => {
  test.beforeEach(async ({ page, wallet }) => {
    // Account 0 owns the pool and pauses it; the user is account 1.
    await wallet.switchAccount(1);
    await page.goto("/");
  });

  test("is replayed at its block: the Error says why, in plain words, with the transaction", async ({
    page,
    wallet,
    stack,
    chain,
    connectWallet,
  }) => {
    const account = await wallet.activeAccount();
    await approveFromTest(chain, stack, account, parseEther("150"));
    await connectWallet(page);
    await waitForFiguresLoaded(page);

    // The app's check and the wallet's estimate pass; then, blocks held, the owner's pause goes into
    // the same block ahead of the stake (a higher tip), which is mined with status 0.
    await chain.testClient.setAutomine(false);
    try {
      await stakeButton(page).click();
      await quantityInput(page).fill("150");
      // The allowance is there: the fee is the stake's alone.
      await expect(stakeDialog(page)).toContainText(/Network fee: about [\d.]+ ETH for the stake\./);
      await enterButton(page).click();
      const stake = await wallet.confirmTransaction();
      await expect(processingOverlay(page)).toContainText("Waiting for the stake to be confirmed…");
      await pausePoolAhead(chain, stack);
      await chain.mine();
      const receipt = await chain.publicClient.getTransactionReceipt({ hash: stake.hash });
      expect(receipt.status).toBe("reverted");

      const error = errorDialog(page);
      await expect(error).toContainText("The stake failed on chain: the pool is paused.", {
        timeout: 15_000,
      });
      await expect(explorerLink(error)).toHaveAttribute("href", `${stack.explorerUrl}/tx/${stake.hash}`);
    } finally {
      await chain.testClient.setAutomine(true);
    }
    expect((await readChainFigures(chain, stack, account)).stakedAmount).toBe(0n);
  });
});
