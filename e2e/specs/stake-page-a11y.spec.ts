import { expect, test } from "../fixtures/app";
import { expectNoSeriousA11yViolations } from "../support/axe";
import { connectButton } from "../support/connectWallet";
import { waitForFiguresLoaded } from "../support/stakePage";

test.describe("the stake page's accessibility (axe)", () => {
  test("disconnected: no serious or critical violations", async ({ page }) => {
    await page.goto("/");
    await expect(connectButton(page)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("connected: no serious or critical violations", async ({ page, connectWallet }) => {
    await page.goto("/");
    await connectWallet(page);
    await waitForFiguresLoaded(page);
    await expectNoSeriousA11yViolations(page);
  });
});
