import { connectFromInstalledFlow, disconnectFlow } from "../support/connectionFlows";
import { signInAndOutFlow } from "../support/signInFlows";
import { myStakePanel, readChainFigures, waitForFiguresLoaded } from "../support/stakePage";
import { expect, test } from "./fixtures";

// Flows shared with the injected wallet's specs (e2e/support/*Flows.ts), run with MetaMask. One
// MetaMask browser for this file; no transaction is sent here.
test.describe("MetaMask: connecting, signing in, adding POO", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/");
  });

  test("RainbowKit lists MetaMask under Installed; connecting shows the account in the header", async ({
    page,
    wallet,
    stack,
  }) => {
    expect(await connectFromInstalledFlow(page, wallet)).toBe(stack.accounts[0]);
    expect(await wallet.chainId()).toBe(stack.deployment.chainId);
  });

  test("disconnects from the account modal", async ({ page, connectWallet }) => {
    await disconnectFlow(page, connectWallet);
  });

  test("Sign-In with Ethereum: MetaMask's sign-in request, then a session for the account", async ({
    page,
    wallet,
    stack,
    connectWallet,
  }) => {
    const address = await connectWallet(page);
    await signInAndOutFlow(page, wallet, address, stack.deployment.chainId);
  });

  test("Add POO to wallet: MetaMask asks, then lists POO with the chain's balance", async ({
    page,
    wallet,
    stack,
    chain,
    connectWallet,
  }) => {
    const account = await connectWallet(page);
    await waitForFiguresLoaded(page);
    const panel = myStakePanel(page);

    await panel.getByRole("button", { name: "Add POO to wallet" }).click();
    await wallet.approveWatchAsset();
    await expect(panel.getByText("POO is in your wallet.")).toBeVisible();

    const { pooBalance } = await readChainFigures(chain, stack, account);
    const shown = `${(pooBalance / 10n ** 18n).toLocaleString("en-US")} POO`; // whole POO on the local chain
    // Each look loads MetaMask's home screen afresh (tens of seconds on a busy machine).
    await expect.poll(() => wallet.listedTokens(), { timeout: 120_000 }).toContain(shown);
  });
});
