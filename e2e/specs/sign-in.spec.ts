import type { Page } from "@playwright/test";
import type { Address } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { hardhatPrivateKeys } from "../wallet/hardhatAccounts";
import { expect, test } from "../fixtures/app";
import { afterNextFrame, appHeader, connectButton, pressInDialog } from "../support/connectWallet";
import { authMe, signInAndOutFlow, signInButton, verifyDialog } from "../support/signInFlows";

// The API's sessions and SQLite live for the whole run (not per test), so each test signs in with an
// account no other sign-in test uses: a leftover session cannot make a test pass.

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

/** The session cookie's "name=value" from a response's Set-Cookie headers, or undefined. */
function cookieFrom(response: Response, name: string): string | undefined {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0] ?? "")
    .find((cookie) => cookie.startsWith(`${name}=`));
}

/**
 * Signs account `index` in from "another device": its own nonce cookie, its own client address (the
 * API believes X-Forwarded-For from this machine), a message signed in this process. Returns its
 * session cookie.
 */
async function signInFromAnotherDevice(webUrl: string, index: number, chainId: number): Promise<string> {
  const account = privateKeyToAccount(hardhatPrivateKeys(index + 1)[index] ?? "0x");
  const headers = { "x-forwarded-for": "198.51.100.8" };
  const nonceResponse = await fetch(`${webUrl}/api/auth/nonce`, { headers });
  const nonceCookie = cookieFrom(nonceResponse, "poo_nonce") ?? "";
  const { nonce } = (await nonceResponse.json()) as { nonce: string };
  const message = createSiweMessage({
    address: account.address,
    chainId,
    domain: new URL(webUrl).host,
    uri: webUrl,
    version: "1",
    nonce,
    issuedAt: new Date(),
    statement: "Sign in to POO Finance.",
  });
  const verified = await fetch(`${webUrl}/api/auth/verify`, {
    method: "POST",
    headers: { ...headers, origin: webUrl, cookie: nonceCookie, "content-type": "application/json" },
    body: JSON.stringify({ message, signature: await account.signMessage({ message }) }),
  });
  expect(verified.status, await verified.clone().text()).toBe(200);
  return cookieFrom(verified, "poo_session") ?? "";
}

async function meFromAnotherDevice(webUrl: string, cookie: string): Promise<number> {
  const response = await fetch(`${webUrl}/api/auth/me`, { headers: { cookie } });
  await response.body?.cancel();
  return response.status;
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
    await signInAndOutFlow(page, wallet, address, stack.deployment.chainId);
  });

  test("Escape on the sign-in dialog cancels: RainbowKit disconnects the wallet and the dialog stays closed", async ({
    page,
    wallet,
    connectWallet,
  }) => {
    // The page's clock, so that the app's timers can be run forward below (time flows until then).
    await page.clock.install();
    await connectAs(page, wallet, connectWallet, 4);
    await signInButton(page).click();
    const dialog = verifyDialog(page);
    await expect(dialog).toBeVisible();

    // Every dialog put on the page from the Escape on, however briefly it stays.
    await page.evaluate(() => {
      const seen = { dialogs: 0 };
      (window as unknown as { dialogsAfterEscape: typeof seen }).dialogsAfterEscape = seen;
      const dialogs = (): number => document.querySelectorAll('[role="dialog"]').length;
      let before = dialogs();
      new MutationObserver(() => {
        const now = dialogs();
        if (now > before) seen.dialogs += now - before;
        before = now;
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.keyboard.press("Escape");
    await expect(connectButton(page)).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    // A dialog RainbowKit closed opens again half a second later (SignInModalOpener): every timer the
    // page set for the next 5 s is run now, so one that would reopen it has run before the count.
    await page.clock.runFor(5_000);
    await afterNextFrame(page);
    const opened = await page.evaluate(
      () => (window as unknown as { dialogsAfterEscape: { dialogs: number } }).dialogsAfterEscape.dialogs,
    );
    expect(opened, "dialogs opened after the Escape").toBe(0);
    expect(wallet.controller.requests().filter((r) => r.method === "personal_sign")).toHaveLength(0);
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
    await pressInDialog(signMessage);

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
    await pressInDialog(signMessage);
    await wallet.confirmSignature();
    await expect(appHeader(page).getByText("Signed in", { exact: true })).toBeVisible();
    const me = await authMe(page);
    expect(me.status).toBe(200);
    expect(me.body?.address?.toLowerCase()).toBe(address.toLowerCase());
  });

  test("Sign out everywhere, from the keyboard: ends this browser's and another device's session, says how many", async ({
    page,
    wallet,
    stack,
    connectWallet,
  }) => {
    const address = await connectAs(page, wallet, connectWallet, 8);
    const phone = await signInFromAnotherDevice(stack.webUrl, 8, stack.deployment.chainId);
    expect(await meFromAnotherDevice(stack.webUrl, phone)).toBe(200);

    await signInButton(page).click();
    await pressInDialog(verifyDialog(page).getByRole("button", { name: "Sign message" }));
    await wallet.confirmSignature();
    await expect(appHeader(page).getByText("Signed in", { exact: true })).toBeVisible();
    expect((await authMe(page)).body?.address?.toLowerCase()).toBe(address.toLowerCase());

    const everywhere = appHeader(page).getByRole("button", { name: "Sign out everywhere", exact: true });
    await everywhere.focus();
    await page.keyboard.press("Enter");
    await expect(appHeader(page).getByRole("status").filter({ hasText: "everywhere" })).toHaveText(
      "Signed out everywhere: 2 sessions ended.",
    );
    await expect(signInButton(page)).toBeFocused();
    expect((await authMe(page)).status).toBe(401);
    expect(await meFromAnotherDevice(stack.webUrl, phone)).toBe(401);
  });
});
