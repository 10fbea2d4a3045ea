import { appHeader, pickWalletInConnectModal, rainbowKitModal } from "../support/connectWallet";
import { pooAmount, stakeButton, waitForFiguresLoaded } from "../support/stakePage";
import type { MetaMaskWalletDriver } from "../wallet/MetaMaskWalletDriver";
import { expect, test } from "./fixtures";

/**
 * Waits until MetaMask is on `chainId`, approving its network screens (add, switch) as they come.
 * MetaMask switches a site to a network it already granted without asking, so a screen may not come.
 */
async function approveNetworkUntil(wallet: MetaMaskWalletDriver, chainId: number): Promise<void> {
  await expect
    .poll(
      async () => {
        const current = await wallet.chainId();
        if (current !== chainId)
          await wallet.approveNetworkRequest({ timeoutMs: 5_000 }).catch(() => undefined);
        return current;
      },
      { timeout: 180_000, intervals: [500] },
    )
    .toBe(chainId);
}

// MetaMask as a new user has it: on Ethereum, never told of the local chain. One MetaMask browser for
// this file (metaMaskNetwork "none": the local network is not added when it starts).
test.use({ metaMaskNetwork: "none" });

test.describe("MetaMask on another network", () => {
  test("MetaMask lacks the chain: the app asks to add it (after 4902); on another network: Wrong network, the app asks MetaMask to switch back", async ({
    page,
    wallet,
    stack,
  }) => {
    await page.goto("/");
    await pickWalletInConnectModal(page, wallet);
    expect(await wallet.approveConnection()).toBe(stack.accounts[0]);

    // Connecting asks for the app's chain: MetaMask refuses the switch with 4902 (it does not know
    // chain 31337), the app asks it to add the chain, MetaMask shows it and the user approves.
    const addScreen = await wallet.approveNetworkRequest();
    expect(addScreen).toContain("POO Local");
    await approveNetworkUntil(wallet, stack.deployment.chainId);
    const asked = (await wallet.recordedRequests(page)).map(({ method, outcome, code }) => ({
      method,
      outcome,
      code,
    }));
    expect(asked).toContainEqual({ method: "wallet_switchEthereumChain", outcome: "error", code: 4902 });
    expect(asked).toContainEqual(
      expect.objectContaining({ method: "wallet_addEthereumChain", outcome: "ok" }),
    );
    const chainButton = appHeader(page).getByRole("button", { name: "Chain Selector" });
    await waitForFiguresLoaded(page);
    await expect(pooAmount(page, "Available")).toHaveText("1m POO");

    // The wallet moves to Ethereum (through MetaMask, approved there): the app says Wrong network.
    void page
      .evaluate(() =>
        (window as { ethereum?: { request(args: unknown): Promise<unknown> } }).ethereum?.request({
          method: "wallet_switchEthereumChain",
          params: [{ chainId: "0x1" }],
        }),
      )
      .catch(() => undefined);
    await approveNetworkUntil(wallet, 1);
    await expect(chainButton).toHaveText(/Wrong network/, { timeout: 60_000 });
    await expect(stakeButton(page)).toBeDisabled();
    await expect(page.getByText("Wrong network detected, switch or disconnect to continue.")).toBeVisible();

    // RainbowKit's network list: the user picks the app's chain; the app asks MetaMask to switch.
    await chainButton.click();
    await rainbowKitModal(page)
      .getByRole("button", { name: /POO Local/ })
      .click();
    await approveNetworkUntil(wallet, stack.deployment.chainId);
    await expect(appHeader(page).getByText("Wrong network")).toBeHidden({ timeout: 60_000 });
    await waitForFiguresLoaded(page);
    await expect(pooAmount(page, "Available")).toHaveText("1m POO");
    await expect(stakeButton(page)).toBeEnabled();
  });
});
