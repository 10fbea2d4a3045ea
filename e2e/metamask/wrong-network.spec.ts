import { appHeader, pickWalletInConnectModal, rainbowKitModal } from "../support/connectWallet";
import { pooAmount, stakeButton, waitForFiguresLoaded } from "../support/stakePage";
import { expect, test } from "./fixtures";

interface RecordedRequest {
  readonly method?: string;
  readonly outcome: "pending" | "ok" | "error";
  readonly code?: unknown;
}

// MetaMask as a new user has it: on Ethereum, never told of the local chain. One MetaMask browser for
// this file (metaMaskNetwork "none": the local network is not added when it starts).
test.use({ metaMaskNetwork: "none" });

test.describe("MetaMask on another network", () => {
  test("Wrong network; the app asks MetaMask to switch, MetaMask lacks the chain (4902), the app asks to add it, MetaMask approves", async ({
    page,
    wallet,
    stack,
  }) => {
    await page.goto("/");
    await pickWalletInConnectModal(page, wallet);
    const account = await wallet.approveConnection();
    expect(account).toBe(stack.accounts[0]);

    // Connected on Ethereum (chain 1): the app serves only the local chain.
    const chainButton = appHeader(page).getByRole("button", { name: "Chain Selector" });
    await expect(chainButton).toHaveText(/Wrong network/, { timeout: 60_000 });
    expect(await wallet.chainId()).toBe(1);
    await expect(stakeButton(page)).toBeDisabled();
    await expect(page.getByText("Wrong network detected, switch or disconnect to continue.")).toBeVisible();

    // RainbowKit's network list: the user picks the app's chain.
    await chainButton.click();
    await rainbowKitModal(page)
      .getByRole("button", { name: /POO Local/ })
      .click();
    // MetaMask does not know chain 31337: it refuses the switch with 4902, and the app asks to add it.
    const screenText = await wallet.approveNetworkRequest({ timeoutMs: 120_000 });
    expect(screenText).toContain("POO Local");
    // MetaMask may ask once more, to switch to the network it just added.
    await expect
      .poll(
        async () => {
          const chainId = await wallet.chainId();
          if (chainId !== stack.deployment.chainId) {
            await wallet.approveNetworkRequest({ timeoutMs: 2_000 }).catch(() => undefined);
          }
          return chainId;
        },
        { timeout: 120_000 },
      )
      .toBe(stack.deployment.chainId);

    const asked = await page.evaluate(() =>
      ((window as { __walletRequests?: RecordedRequest[] }).__walletRequests ?? []).map((request) => ({
        method: request.method,
        outcome: request.outcome,
        code: request.code,
      })),
    );
    expect(asked).toContainEqual({ method: "wallet_switchEthereumChain", outcome: "error", code: 4902 });
    expect(asked).toContainEqual(
      expect.objectContaining({ method: "wallet_addEthereumChain", outcome: "ok" }),
    );

    // On the app's chain: the wrong-network state is gone and the account's figures load.
    await expect(chainButton).not.toHaveText(/Wrong network/, { timeout: 60_000 });
    await waitForFiguresLoaded(page);
    await expect(pooAmount(page, "Available")).toHaveText("1m POO");
    await expect(stakeButton(page)).toBeEnabled();
  });
});
