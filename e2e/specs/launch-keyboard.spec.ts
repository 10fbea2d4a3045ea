import type { Locator, Page } from "@playwright/test";
import { expect, test } from "../fixtures/app";
import { amountInput, launchCard, whitelistDialog } from "../support/launchPage";

/** Presses Tab until `target` has focus (at most `limit` times); fails if it never does. */
async function tabTo(page: Page, target: Locator, limit = 40): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

test.describe("the launch page with the keyboard only", () => {
  test("Details turns the card and focus lands on Back; Enter on Back and Escape turn it back to Details", async ({
    page,
  }) => {
    await page.goto("/launch");
    const card = launchCard(page, "CRAP");
    const details = card.getByRole("button", { name: "Details", exact: true });
    await tabTo(page, details);
    await page.keyboard.press("Enter");
    await expect(card).toHaveAttribute("data-face", "back");
    const back = card.getByRole("button", { name: "Back", exact: true });
    await expect(back).toBeFocused();

    await page.keyboard.press("Enter");
    await expect(card).toHaveAttribute("data-face", "front");
    await expect(details).toBeFocused();

    await page.keyboard.press("Space");
    await expect(card).toHaveAttribute("data-face", "back");
    await page.keyboard.press("Escape");
    await expect(card).toHaveAttribute("data-face", "front");
    await expect(details).toBeFocused();

    // The hidden face takes no focus: from Details, Tab moves on to Whitelist, not into the back.
    await page.keyboard.press("Tab");
    await expect(card.getByRole("button", { name: "Whitelist", exact: true })).toBeFocused();
  });

  test("the info modal opens with Enter, traps Tab, closes with Escape and gives focus back", async ({
    page,
  }) => {
    await page.goto("/launch");
    const about = launchCard(page, "POO").getByRole("button", { name: "About POO Finance" });
    await tabTo(page, about);
    await page.keyboard.press("Enter");
    const info = page.getByRole("dialog", { name: "POO Finance" });
    await expect(info).toBeVisible();
    for (let presses = 0; presses < 4; presses += 1) {
      await page.keyboard.press("Tab");
      expect(await info.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(info).toBeHidden();
    await expect(about).toBeFocused();
  });

  test("the whitelist modal: Enter opens it on Dismiss, Enter moves to the amount, typing and Enter on Cancel return", async ({
    page,
    connectWallet,
  }) => {
    await page.goto("/launch");
    await connectWallet(page);
    const whitelist = launchCard(page, "CRAP").getByRole("button", { name: "Whitelist", exact: true });
    await tabTo(page, whitelist);
    await page.keyboard.press("Enter");
    const dialog = whitelistDialog(page);
    await expect(dialog.getByText("You are eligible for the CRAP Token whitelist.")).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Dismiss", exact: true })).toBeFocused();

    await page.keyboard.press("Enter");
    await expect(amountInput(page)).toBeFocused();
    await page.keyboard.type("3");
    await expect(dialog.locator('[aria-live="polite"]')).toHaveText("The maximum contribution is 2 ETH.");
    await tabTo(page, dialog.getByRole("button", { name: "Cancel", exact: true }), 6);
    await page.keyboard.press("Enter");
    await expect(dialog.getByRole("button", { name: "Dismiss", exact: true })).toBeFocused();

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(whitelist).toBeFocused();
  });

  test("the application form opens from the tile and closes with Escape", async ({
    page,
    wallet,
    connectWallet,
  }) => {
    await wallet.switchAccount(0);
    await page.goto("/launch");
    await connectWallet(page);
    const tile = page.getByRole("button", { name: "Apply for a Launch" });
    await tabTo(page, tile);
    await page.keyboard.press("Enter");
    const verify = page.getByRole("dialog").filter({ hasText: "Verify your account" });
    await expect(verify).toBeVisible();
    const sign = verify.getByRole("button", { name: "Sign message" });
    await tabTo(page, sign, 10);
    await page.keyboard.press("Enter");
    await wallet.confirmSignature();
    const form = page.getByRole("dialog", { name: "Apply for a Launch" });
    await expect(form.getByLabel("Project name", { exact: true })).toBeFocused();
    await page.keyboard.type("Keyboard Project");
    await page.keyboard.press("Escape");
    await expect(form).toBeHidden();
  });
});
