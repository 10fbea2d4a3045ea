import { expect, type Locator, type Page } from "@playwright/test";
import type { Address } from "viem";
import type { WalletDriver } from "../wallet/WalletDriver";
import { appHeader, pressInDialog } from "./connectWallet";

/**
 * Sign-In with Ethereum, written once against {@link WalletDriver} and run with each wallet (the
 * injected test wallet in e2e/specs, MetaMask in e2e/metamask).
 */

export interface MeAnswer {
  status: number;
  body: { address?: string; chainId?: number; error?: string } | null;
}

/** GET /api/auth/me from the page, with its cookies, as the app asks it. */
export async function authMe(page: Page): Promise<MeAnswer> {
  return page.evaluate(async () => {
    const response = await fetch("/api/auth/me", { credentials: "same-origin" });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as MeAnswer["body"]) : null };
  });
}

export function signInButton(page: Page): Locator {
  return appHeader(page).getByRole("button", { name: "Sign in", exact: true });
}

export function signOutButton(page: Page): Locator {
  return appHeader(page).getByRole("button", { name: "Sign out", exact: true });
}

/** RainbowKit's "Verify your account" dialog. */
export function verifyDialog(page: Page): Locator {
  return page.getByRole("dialog").filter({ hasText: "Verify your account" });
}

/**
 * With `address` connected and no session: Sign in → "Sign message" → the wallet's signature request
 * approved → "Signed in", /api/auth/me answers the address and chain; Sign out ends the session.
 */
export async function signInAndOutFlow(
  page: Page,
  wallet: WalletDriver,
  address: Address,
  chainId: number,
): Promise<void> {
  expect((await authMe(page)).status).toBe(401);

  const dialog = verifyDialog(page);
  // One press, as a user would: if RainbowKit closes its modals as the session check settles right
  // after connecting, the app opens the dialog again (SignInModalOpener).
  await signInButton(page).click();
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await pressInDialog(dialog.getByRole("button", { name: "Sign message" }));
  const signature = await wallet.confirmSignature();
  expect(signature.method).toBe("personal_sign");
  expect(signature.address.toLowerCase()).toBe(address.toLowerCase());
  expect(signature.signature).toMatch(/^0x[0-9a-f]{130}$/i);

  await expect(appHeader(page).getByText("Signed in", { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(signInButton(page)).toBeHidden();
  const me = await authMe(page);
  expect(me.status).toBe(200);
  expect(me.body?.address?.toLowerCase()).toBe(address.toLowerCase());
  expect(me.body?.chainId).toBe(chainId);

  await signOutButton(page).click();
  await expect(signInButton(page)).toBeVisible();
  await expect(appHeader(page).getByText("Signed in", { exact: true })).toBeHidden();
  expect((await authMe(page)).status).toBe(401);
}
