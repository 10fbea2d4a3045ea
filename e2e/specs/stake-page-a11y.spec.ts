import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures/app";
import { connectButton } from "../support/connectWallet";
import { waitForFiguresLoaded } from "../support/stakePage";

/** Runs axe on the page; fails listing every serious or critical violation. */
async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = serious
    .map(
      (v) =>
        `${v.impact}: ${v.id} — ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(" ")}: ${n.failureSummary ?? ""}`).join("\n")}`,
    )
    .join("\n");
  expect(
    serious.map((v) => v.id),
    `axe found serious/critical violations:\n${report}`,
  ).toEqual([]);
}

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
