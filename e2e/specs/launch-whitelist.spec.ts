import type { Page } from "@playwright/test";
import { parseEther, type Address } from "viem";
import { expect, test } from "../fixtures/app";
import { connectButton, pressInDialog, rainbowKitModal, walletOption } from "../support/connectWallet";
import {
  amountInput,
  confirmButton,
  fetchRegistration,
  launchCard,
  putRegistration,
  recordLaunchpadWrites,
  signInThroughDialog,
  whitelistDialog,
} from "../support/launchPage";

// Registrations live in the API's SQLite for the whole run (the chain is reverted per test, the
// database is not), so each test that may write one uses an account no other spec signs in with.
const ELIGIBLE_ACCOUNT = 1;
const REFUSALS_ACCOUNT = 4;
/** Hardhat account 7 holds no POO (the stack seeds accounts 0-4): ineligible. */
const INELIGIBLE_ACCOUNT = 7;

async function openWhitelistAs(
  page: Page,
  wallet: { switchAccount(index: number): Promise<Address> },
  connectWallet: (page: Page) => Promise<Address>,
  index: number,
): Promise<Address> {
  const address = await wallet.switchAccount(index);
  await page.goto("/launch");
  await expect(connectButton(page)).toBeVisible();
  expect(await connectWallet(page)).toBe(address);
  await launchCard(page, "CRAP").getByRole("button", { name: "Whitelist", exact: true }).click();
  await expect(whitelistDialog(page)).toBeVisible();
  return address;
}

test.describe("the whitelist modal", () => {
  test("disconnected, Whitelist asks to connect first, then opens the modal for the connected wallet", async ({
    page,
    wallet,
  }) => {
    await page.goto("/launch");
    await launchCard(page, "CRAP").getByRole("button", { name: "Whitelist", exact: true }).click();
    await expect(rainbowKitModal(page)).toContainText("Connect a Wallet");
    await pressInDialog(walletOption(page, wallet.name));
    await wallet.approveConnection();
    await expect(whitelistDialog(page)).toBeVisible();
    await expect(whitelistDialog(page)).toContainText("CRAP Token");
  });

  test("eligible account: registers 0.5 ETH after signing in, sees it on reopening and after a reload, changes it to 1.25", async ({
    page,
    wallet,
    connectWallet,
  }) => {
    const address = await openWhitelistAs(page, wallet, connectWallet, ELIGIBLE_ACCOUNT);
    const dialog = whitelistDialog(page);
    await expect(dialog).toContainText("Your POO balance");
    await expect(dialog).toContainText("1m POO");
    await expect(dialog.getByText("You are eligible for the CRAP Token whitelist.")).toBeVisible();
    await expect(dialog.getByText("You are ineligible", { exact: false })).toHaveCount(0);

    await dialog.getByRole("button", { name: "Dismiss", exact: true }).click();
    await expect(amountInput(page)).toBeFocused();
    await expect(confirmButton(page)).toBeDisabled();
    await amountInput(page).fill("0.5");
    await expect(confirmButton(page)).toBeEnabled();
    await confirmButton(page).click();

    // Registrations need a Sign-In with Ethereum session: RainbowKit's dialog, then the registration.
    await signInThroughDialog(page, wallet);
    await expect(dialog.getByText("Registration received.")).toBeVisible();
    await expect(dialog).toContainText("You are registered with 0.5 ETH");

    const stored = await fetchRegistration(page, "crap");
    expect(stored.status).toBe(200);
    expect(stored.body?.amountEth).toBe("0.5");
    expect(stored.body?.address?.toLowerCase()).toBe(address.toLowerCase());

    // Reopen: the registration is shown on the message step.
    await dialog.getByRole("button", { name: "Close", exact: true }).click();
    await expect(dialog).toBeHidden();
    await launchCard(page, "CRAP").getByRole("button", { name: "Whitelist", exact: true }).click();
    await expect(dialog).toContainText("You are registered with 0.5 ETH");

    // After a reload (the session cookie stays; the wallet reconnects), still shown; change it.
    await page.reload();
    await launchCard(page, "CRAP").getByRole("button", { name: "Whitelist", exact: true }).click();
    await expect(dialog).toContainText("You are registered with 0.5 ETH");
    await dialog.getByRole("button", { name: "Dismiss", exact: true }).click();
    await expect(amountInput(page)).toHaveValue("0.5");
    await amountInput(page).fill("1.25");
    await confirmButton(page).click();
    await expect(dialog.getByText("Your amount was changed.")).toBeVisible();
    await expect(dialog).toContainText("You are registered with 1.25 ETH");
    expect((await fetchRegistration(page, "crap")).body?.amountEth).toBe("1.25");
  });

  test("every amount refusal: empty, below 0.01, above 2, above the balance, malformed; Max; Cancel clears", async ({
    page,
    wallet,
    connectWallet,
    chain,
    stack,
  }) => {
    // 0.5 ETH in the wallet, so "above the balance" is reachable inside the 0.01-2 ETH bounds.
    const address = stack.accounts[REFUSALS_ACCOUNT];
    if (!address) throw new Error("the stack has no account 4");
    await chain.testClient.setBalance({ address, value: parseEther("0.5") });
    // In a block of its own, as ETH arrives on a real chain: the site's gateway serves reads per block,
    // and a balance edited at the snapshot's block would still be served there after the revert.
    await chain.mine();
    await openWhitelistAs(page, wallet, connectWallet, REFUSALS_ACCOUNT);
    const writes = recordLaunchpadWrites(page);
    const dialog = whitelistDialog(page);
    await dialog.getByRole("button", { name: "Dismiss", exact: true }).click();

    const message = dialog.locator('[aria-live="polite"]');
    await expect(confirmButton(page)).toBeDisabled();
    await expect(message).toHaveText("");

    const refusals: ReadonlyArray<readonly [string, string]> = [
      ["0", "The minimum contribution is 0.01 ETH."],
      ["0.009", "The minimum contribution is 0.01 ETH."],
      ["2.0001", "The maximum contribution is 2 ETH."],
      ["3", "The maximum contribution is 2 ETH."],
      ["1", "That is more than your balance of 0.5000 ETH."],
      ["abc", "Enter an amount of ETH, e.g. 0.5."],
      ["-1", "The amount cannot be negative."],
      ["1e-1", "Write the quantity without exponent notation (e.g. 1500, not 1.5e3)."],
      ["0.1234567890123456789", "At most 18 decimal places are allowed."],
    ];
    for (const [text, expected] of refusals) {
      await amountInput(page).fill(text);
      await expect(message, `message for "${text}"`).toHaveText(expected);
      await expect(confirmButton(page), `Confirm for "${text}"`).toBeDisabled();
      await expect(amountInput(page)).toHaveAttribute("aria-invalid", "true");
      // Enter in the field submits the form: it must not send either.
      await amountInput(page).press("Enter");
    }

    // Max: the lesser of 2 ETH and the balance less the 0.005 ETH gas reserve.
    await dialog.getByRole("button", { name: "Max", exact: true }).click();
    await expect(amountInput(page)).toHaveValue("0.495");
    await expect(message).toHaveText("");
    await expect(confirmButton(page)).toBeEnabled();

    // Cancel clears the amount and returns to the message; Dismiss shows an empty field again.
    await dialog.getByRole("button", { name: "Cancel", exact: true }).click();
    await expect(dialog.getByText("You are eligible for the CRAP Token whitelist.")).toBeVisible();
    await dialog.getByRole("button", { name: "Dismiss", exact: true }).click();
    await expect(amountInput(page)).toHaveValue("");
    await expect(confirmButton(page)).toBeDisabled();
    expect(writes.map((request) => `${request.method()} ${request.url()}`)).toEqual([]);
  });

  test("Max with a large balance is the 2 ETH maximum", async ({ page, wallet, connectWallet }) => {
    await openWhitelistAs(page, wallet, connectWallet, REFUSALS_ACCOUNT);
    await whitelistDialog(page).getByRole("button", { name: "Dismiss", exact: true }).click();
    await whitelistDialog(page).getByRole("button", { name: "Max", exact: true }).click();
    await expect(amountInput(page)).toHaveValue("2");
  });

  test("ineligible account (no POO): the spec's message and the DEX hint; Confirm stays disabled; the server refuses too", async ({
    page,
    wallet,
    connectWallet,
  }) => {
    await openWhitelistAs(page, wallet, connectWallet, INELIGIBLE_ACCOUNT);
    const writes = recordLaunchpadWrites(page);
    const dialog = whitelistDialog(page);
    await expect(dialog).toContainText("0 POO");
    await expect(dialog.getByText("You are ineligible for a whitelist...", { exact: true })).toBeVisible();
    await expect(dialog).toContainText("Hold at least 100 USD worth of POO to register (you hold $0.00).");
    await expect(dialog).toContainText("You can buy POO on a decentralised exchange.");

    await dialog.getByRole("button", { name: "Dismiss", exact: true }).click();
    await amountInput(page).fill("0.5");
    await expect(dialog).toContainText("Only wallets holding at least 100 USD worth of POO can register.");
    await expect(confirmButton(page)).toBeDisabled();
    await amountInput(page).press("Enter");
    expect(writes).toEqual([]);

    // Not only the dialog: with a session, the API itself refuses this wallet.
    await dialog.getByRole("button", { name: "Cancel", exact: true }).click();
    await dialog.getByRole("button", { name: "Sign in to see your registration" }).click();
    await signInThroughDialog(page, wallet);
    await expect(dialog).toContainText("You are not registered yet.");
    const refused = await putRegistration(page, "crap", "0.5");
    expect(refused.status).toBe(403);
    expect(refused.body?.error).toMatch(/^You are ineligible for a whitelist/);
    expect((await fetchRegistration(page, "crap")).status).toBe(404);
  });

  test("while registering, the processing modal shows the amount; a failure turns it to its error style", async ({
    page,
    wallet,
    connectWallet,
  }) => {
    await openWhitelistAs(page, wallet, connectWallet, ELIGIBLE_ACCOUNT);
    const dialog = whitelistDialog(page);
    await dialog.getByRole("button", { name: "Sign in to see your registration" }).click();
    await signInThroughDialog(page, wallet);

    // The API answers 503 once, after a moment, so both the pending and the failed state show.
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/launches/crap/registration", async (route) => {
      if (route.request().method() !== "PUT") return route.fallback();
      await answered;
      await route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ error: "Could not read your POO balance right now; please retry." }),
      });
    });
    await dialog.getByRole("button", { name: "Dismiss", exact: true }).click();
    await amountInput(page).fill("0.75");
    await confirmButton(page).click();

    const processing = page.getByRole("dialog", { name: "Registering for the whitelist" });
    await expect(processing).toBeVisible();
    const bar = processing.getByRole("progressbar", { name: "Processing..." });
    await expect(bar).toBeVisible();
    await expect(processing).toContainText("0.75 ETH");
    expect((await bar.boundingBox())?.width).toBeCloseTo(376, 0);

    release();
    const failed = page.getByRole("alertdialog", { name: "Registering for the whitelist" });
    await expect(failed).toContainText("Could not read your POO balance right now; please retry.");
    await expect(failed.getByRole("progressbar", { name: "Registration failed" })).toHaveAttribute(
      "aria-valuetext",
      "100%, failed",
    );
    await failed.getByRole("button", { name: "Dismiss", exact: true }).click();
    await expect(failed).toBeHidden();
    // Back on the amount step with the amount kept and the reason shown.
    await expect(amountInput(page)).toHaveValue("0.75");
    await expect(dialog.getByRole("alert")).toContainText("Could not read your POO balance");
  });
});
