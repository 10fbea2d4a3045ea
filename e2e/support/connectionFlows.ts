import { expect, type Page } from "@playwright/test";
import type { Address } from "viem";
import type { WalletDriver } from "../wallet/WalletDriver";
import { accountButton, connectButton, rainbowKitModal, walletGroup } from "./connectWallet";

/**
 * Connecting and disconnecting, written once against {@link WalletDriver} and run with each wallet (the
 * injected test wallet in e2e/specs, MetaMask in e2e/metamask). Each starts on the app's page ("/").
 */

/** RainbowKit lists the wallet under "Installed" (EIP-6963); picking it and approving shows the account. */
export async function connectFromInstalledFlow(page: Page, wallet: WalletDriver): Promise<Address> {
  await expect(connectButton(page)).toBeVisible();
  await connectButton(page).click();
  const option = walletGroup(page, "Installed").getByRole("button", { name: wallet.name, exact: true });
  await option.click();
  const address = await wallet.approveConnection();

  expect(address).toBe(await wallet.activeAccount());
  await expect(accountButton(page, address)).toBeVisible();
  await expect(rainbowKitModal(page)).toBeHidden();
  await expect(connectButton(page)).toBeHidden();
  return address;
}

/** Disconnect from RainbowKit's account modal; no silent reconnection after a reload. */
export async function disconnectFlow(
  page: Page,
  connectWallet: (page: Page) => Promise<Address>,
): Promise<void> {
  const address = await connectWallet(page);

  await accountButton(page, address).click();
  // The button's name is its icon's alt text plus its label ("Disconnect Disconnect").
  await rainbowKitModal(page).getByRole("button", { name: "Disconnect" }).click();

  await expect(connectButton(page)).toBeVisible();
  await expect(accountButton(page, address)).toBeHidden();
  await expect(rainbowKitModal(page)).toBeHidden();

  // The app remembers the user's choice: no silent reconnection on reload.
  await page.reload();
  await expect(connectButton(page)).toBeVisible();
}
