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
    const chainPoo = Number(pooBalance / 10n ** 18n); // whole POO on the local chain
    // Each look loads MetaMask's home screen afresh (tens of seconds on a busy machine). MetaMask
    // shortens large balances ("1.00M POO"): compare at the precision it shows.
    await expect
      .poll(async () => (await wallet.listedTokens()).find((text) => / POO$/.test(text)), {
        timeout: 120_000,
      })
      .toMatch(/ POO$/);
    const listed = (await wallet.listedTokens()).find((text) => / POO$/.test(text)) ?? "";
    const match = /^([\d,]+(?:\.(\d+))?)([KMB]?) POO$/.exec(listed);
    expect(match, `MetaMask lists POO as "${listed}"`).not.toBeNull();
    const scale = { "": 1, K: 1e3, M: 1e6, B: 1e9 }[match?.[3] ?? ""] ?? 1;
    const shownPoo = Number((match?.[1] ?? "").replaceAll(",", "")) * scale;
    const halfLastDigit = 0.5 * 10 ** -(match?.[2]?.length ?? 0) * scale;
    expect(Math.abs(shownPoo - chainPoo)).toBeLessThanOrEqual(halfLastDigit);
  });
});
