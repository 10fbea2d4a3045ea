import { expect, test } from "../fixtures/app";
import { expectNoSeriousA11yViolations } from "../support/axe";
import { connectButton } from "../support/connectWallet";
import {
  amountInput,
  applyDialog,
  launchCard,
  signInThroughDialog,
  whitelistDialog,
} from "../support/launchPage";

test.describe("the launch page's accessibility (axe)", () => {
  test("disconnected, both cards on their front: no serious or critical violations", async ({ page }) => {
    await page.goto("/launch");
    await expect(connectButton(page)).toBeVisible();
    await expect(launchCard(page, "CRAP").getByRole("timer")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("both cards on their back: no serious or critical violations", async ({ page }) => {
    await page.goto("/launch");
    for (const symbol of ["CRAP", "POO"]) {
      const card = launchCard(page, symbol);
      await card.getByRole("button", { name: "Details", exact: true }).click();
      await expect(card).toHaveAttribute("data-face", "back");
    }
    await expectNoSeriousA11yViolations(page);
  });

  test("connected, whitelist modal on each step: no serious or critical violations", async ({
    page,
    connectWallet,
  }) => {
    await page.goto("/launch");
    await connectWallet(page);
    await launchCard(page, "CRAP").getByRole("button", { name: "Whitelist", exact: true }).click();
    const dialog = whitelistDialog(page);
    await expect(dialog.getByText("You are eligible for the CRAP Token whitelist.")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole("button", { name: "Dismiss", exact: true }).click();
    await amountInput(page).fill("5");
    await expect(dialog.locator('[aria-live="polite"]')).toHaveText("The maximum contribution is 2 ETH.");
    await expectNoSeriousA11yViolations(page);
  });

  test("application form with every field refused: no serious or critical violations", async ({
    page,
    wallet,
    connectWallet,
  }) => {
    await page.goto("/launch");
    await connectWallet(page);
    await page.getByRole("button", { name: "Apply for a Launch" }).click();
    await signInThroughDialog(page, wallet);
    const form = applyDialog(page);
    await form.getByRole("button", { name: "Send application" }).click();
    await expect(form.getByLabel("Project name", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expectNoSeriousA11yViolations(page);
  });
});
