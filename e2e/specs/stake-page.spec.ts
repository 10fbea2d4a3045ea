import type { Page } from "@playwright/test";
import { parseEther } from "viem";
import { expect, test } from "../fixtures/app";
import { accountButton, appHeader, connectButton } from "../support/connectWallet";
import {
  figureValue,
  pooAmount,
  readChainFigures,
  stakeButton,
  stakeFromTest,
  unstakeButton,
  waitForFiguresLoaded,
} from "../support/stakePage";

const BUY_SUCCESS_MESSAGE =
  "Your POO staking request was successful. View your transaction details on the blockchain below.";
const RECEIVE_ERROR_MESSAGE =
  "Your POO staking request could not be processed due to an unexpected network or system error. Please try your staking request again.";

// The axe check of this page (no serious/critical violations, disconnected and connected) is in
// stake-page-a11y.spec.ts.
/**
 * Stops the page's (installed) clock: from here only runFor moves it, so the 4-second timers are
 * measured in the page's time whatever the machine's load between two steps.
 */
async function freezeClock(page: Page): Promise<void> {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1_000);
}

test.describe("the stake page", () => {
  test("resets the figures to the new account's when the wallet switches account", async ({
    page,
    wallet,
    stack,
    chain,
    connectWallet,
  }) => {
    const [first, second] = stack.accounts;
    if (!first || !second) throw new Error("the stack has fewer than two accounts");
    await stakeFromTest(chain, stack, first, parseEther("150"));

    await page.goto("/");
    expect(await connectWallet(page)).toBe(first);
    await waitForFiguresLoaded(page);
    await expect(pooAmount(page, "Staked")).toHaveText("150 POO");
    await expect(pooAmount(page, "Available")).toHaveText("999.85k POO");

    expect(await wallet.switchAccount(1)).toBe(second);
    await expect(accountButton(page, second)).toBeVisible();
    await expect(pooAmount(page, "Staked")).toHaveText("0 POO");
    await expect(pooAmount(page, "Available")).toHaveText("1m POO");
    await expect(figureValue(page, "Your Rewards")).toHaveText("0");
    const onChain = await readChainFigures(chain, stack, second);
    expect(onChain.stakedAmount).toBe(0n);
    expect(onChain.pooBalance).toBe(parseEther("1000000"));
    await waitForFiguresLoaded(page);
    // Still the second account's figures once they loaded, not the first's.
    await expect(pooAmount(page, "Staked")).toHaveText("0 POO");
  });

  test("on a network the app does not serve, RainbowKit says Wrong network and staking is not possible", async ({
    page,
    wallet,
    stack,
    connectWallet,
  }) => {
    await page.goto("/");
    await connectWallet(page);
    await waitForFiguresLoaded(page);
    await expect(pooAmount(page, "Available")).toHaveText("1m POO");

    await wallet.switchChain(1);
    await expect(appHeader(page).getByRole("button", { name: "Chain Selector" })).toHaveText(/Wrong network/);
    await expect(stakeButton(page)).toBeDisabled();
    await expect(unstakeButton(page)).toBeDisabled();
    // No figures from the served chain shown as if they were this network's.
    await expect(pooAmount(page, "Available")).toHaveText("0 POO");
    await expect(page.getByText("Wrong network detected, switch or disconnect to continue.")).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    expect(await wallet.sentTransactions()).toEqual([]);

    // Back on the served chain: staking is possible again, with the account's figures.
    await wallet.switchChain(stack.deployment.chainId);
    await expect(appHeader(page).getByText("Wrong network")).toBeHidden();
    await waitForFiguresLoaded(page);
    await expect(pooAmount(page, "Available")).toHaveText("1m POO");
  });

  test("Buy shows progress 67, then after 4000 ms the success result", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    await expect(connectButton(page)).toBeVisible();
    await freezeClock(page);

    await page.getByRole("button", { name: "Buy", exact: true }).click();
    const overlay = page.getByRole("dialog", { name: "Buy POO" });
    await expect(overlay).toBeVisible();
    const bar = overlay.getByRole("progressbar");
    await expect(bar).toHaveAttribute("aria-valuenow", "67");
    await expect(bar).toHaveAttribute("aria-valuetext", "67%");
    await expect(overlay).toContainText("67%");

    await page.clock.runFor(3500);
    await expect(overlay).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Success" })).toHaveCount(0);

    await page.clock.runFor(1500); // 5000 ms after the click
    const result = page.getByRole("dialog", { name: "Success" });
    await expect(result).toBeVisible();
    await expect(result).toContainText(BUY_SUCCESS_MESSAGE);
    await expect(overlay).toBeHidden();
    await result.getByRole("button", { name: "Dismiss" }).click();
    await expect(result).toBeHidden();
  });

  test("Receive shows an error-styled progress 37, then after 4000 ms the error result", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    await expect(connectButton(page)).toBeVisible();
    await freezeClock(page);

    await page.getByRole("button", { name: "Receive", exact: true }).click();
    const overlay = page.getByRole("dialog", { name: "Receive POO" });
    await expect(overlay).toBeVisible();
    const bar = overlay.getByRole("progressbar");
    await expect(bar).toHaveAttribute("aria-valuenow", "37");
    await expect(bar).toHaveAttribute("aria-valuetext", "37%, failed");
    await expect(bar).toHaveClass(/error/);
    await expect(overlay).toContainText("37%");

    await page.clock.runFor(3500);
    await expect(overlay).toBeVisible();
    await expect(page.getByRole("alertdialog", { name: "Error" })).toHaveCount(0);

    await page.clock.runFor(1500);
    const result = page.getByRole("alertdialog", { name: "Error" });
    await expect(result).toBeVisible();
    await expect(result).toContainText(RECEIVE_ERROR_MESSAGE);
    await expect(overlay).toBeHidden();
  });
});
