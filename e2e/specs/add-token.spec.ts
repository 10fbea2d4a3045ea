import { expect, test } from "../fixtures/app";
import { myStakePanel, waitForFiguresLoaded } from "../support/stakePage";

test.describe("adding POO and CRAP to the wallet", () => {
  test("asks the wallet to list each token with its address, symbol, decimals and icon", async ({
    page,
    wallet,
    stack,
    connectWallet,
  }) => {
    await page.goto("/");
    await connectWallet(page);
    await waitForFiguresLoaded(page);
    const panel = myStakePanel(page);

    await panel.getByRole("button", { name: "Add POO to wallet" }).click();
    await expect(panel.getByText("POO is in your wallet.")).toBeVisible();
    await panel.getByRole("button", { name: "Add CRAP to wallet" }).click();
    await expect(panel.getByText("CRAP is in your wallet.")).toBeVisible();

    const origin = new URL(stack.webUrl).origin;
    expect(wallet.controller.watchedAssets()).toEqual([
      {
        type: "ERC20",
        address: stack.contracts.pooToken,
        symbol: "POO",
        decimals: 18,
        image: `${origin}/poo-logo.svg`,
        origin,
      },
      {
        type: "ERC20",
        address: stack.contracts.crapToken,
        symbol: "CRAP",
        decimals: 18,
        image: `${origin}/crap-logo.svg`,
        origin,
      },
    ]);
  });

  test("a refusal in the wallet is said beside the button", async ({ page, wallet, connectWallet }) => {
    await page.goto("/");
    await connectWallet(page);
    await waitForFiguresLoaded(page);
    await wallet.rejectNext("wallet_watchAsset");
    const panel = myStakePanel(page);
    await panel.getByRole("button", { name: "Add POO to wallet" }).click();
    await expect(panel.getByText("You rejected the request in your wallet.")).toBeVisible();
    expect(wallet.controller.watchedAssets()).toEqual([]);
  });
});
