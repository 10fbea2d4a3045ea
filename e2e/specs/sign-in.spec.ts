import type { Locator, Page } from "@playwright/test";
import type { Address } from "viem";
import { expect, test } from "../fixtures/app";
import { appHeader, connectButton } from "../support/connectWallet";

// The API's sessions and SQLite live for the whole run (not per test), so each test signs in with an
// account no other sign-in test uses: a leftover session cannot make a test pass.

interface MeAnswer {
  status: number;
  body: { address?: string; chainId?: number; error?: string } | null;
}

/** GET /api/auth/me from the page, with its cookies, as the app asks it. */
async function authMe(page: Page): Promise<MeAnswer> {
  return page.evaluate(async () => {
    const response = await fetch("/api/auth/me", { credentials: "same-origin" });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as MeAnswer["body"]) : null };
  });
}

function signInButton(page: Page): Locator {
  return appHeader(page).getByRole("button", { name: "Sign in", exact: true });
}

function signOutButton(page: Page): Locator {
  return appHeader(page).getByRole("button", { name: "Sign out", exact: true });
}

/** RainbowKit's "Verify your account" dialog. */
function verifyDialog(page: Page): Locator {
  return page.getByRole("dialog").filter({ hasText: "Verify your account" });
}

async function connectAs(
  page: Page,
  wallet: { switchAccount(i: number): Promise<Address> },
  connectWallet: (page: Page) => Promise<Address>,
  index: number,
): Promise<Address> {
  const address = await wallet.switchAccount(index);
  await page.goto("/");
  await expect(connectButton(page)).toBeVisible();
  expect(await connectWallet(page)).toBe(address);
  return address;
}

test.describe("signing in with Ethereum", () => {
  test("signs a message, shows Signed in, /api/auth/me answers the address; Sign out ends the session", async ({
    page,
    wallet,
    stack,
    connectWallet,
  }) => {
    const address = await connectAs(page, wallet, connectWallet, 2);
    expect(address).toBe(stack.accounts[2]);
    expect((await authMe(page)).status).toBe(401);

    await signInButton(page).click();
    const dialog = verifyDialog(page);
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Sign message" }).click();
    const signature = await wallet.confirmSignature();
    expect(signature.method).toBe("personal_sign");
    expect(signature.address.toLowerCase()).toBe(address.toLowerCase());

    await expect(appHeader(page).getByText("Signed in", { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(signInButton(page)).toBeHidden();
    const me = await authMe(page);
    expect(me.status).toBe(200);
    expect(me.body?.address?.toLowerCase()).toBe(address.toLowerCase());
    expect(me.body?.chainId).toBe(stack.deployment.chainId);

    await signOutButton(page).click();
    await expect(signInButton(page)).toBeVisible();
    await expect(appHeader(page).getByText("Signed in", { exact: true })).toBeHidden();
    expect((await authMe(page)).status).toBe(401);
  });

  test("a rejected signature returns the dialog to idle silently; signing again works", async ({
    page,
    wallet,
    connectWallet,
  }) => {
    const address = await connectAs(page, wallet, connectWallet, 3);

    await wallet.rejectNext("personal_sign");
    await signInButton(page).click();
    const dialog = verifyDialog(page);
    await expect(dialog).toBeVisible();
    const signMessage = dialog.getByRole("button", { name: "Sign message" });
    await signMessage.click();

    // The rejection reached the app...
    await expect
      .poll(() => wallet.controller.requests().filter((r) => r.method === "personal_sign").length)
      .toBe(1);
    // ...and the dialog is idle again, with no error text.
    await expect(signMessage).toBeEnabled();
    await expect(dialog.getByText(/error|retry|failed/i)).toHaveCount(0);
    await expect(dialog).toBeVisible();
    await expect(appHeader(page).getByText("Signed in", { exact: true })).toBeHidden();
    expect((await authMe(page)).status).toBe(401);

    // Idle means usable: signing again signs in.
    await signMessage.click();
    await wallet.confirmSignature();
    await expect(appHeader(page).getByText("Signed in", { exact: true })).toBeVisible();
    const me = await authMe(page);
    expect(me.status).toBe(200);
    expect(me.body?.address?.toLowerCase()).toBe(address.toLowerCase());
  });
});
