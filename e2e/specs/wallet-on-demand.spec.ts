import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures/app";
import { accountButton, connectButton, rainbowKitModal, walletOption } from "../support/connectWallet";

/** Script URLs the page fetched, from now on. */
function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

const isWalletStack = (path: string): boolean => /\/assets\/WalletStack-[\w-]+\.js$/.test(path);

test.describe("the wallet stack loads on demand", () => {
  test("a first visit loads no wallet code until Connect Wallet is pressed", async ({ page }) => {
    const scripts = recordScripts(page);
    await page.goto("/");
    await expect(connectButton(page)).toBeVisible();
    await expect(page.getByRole("region", { name: "Asset Stats" })).toContainText("$0.0042");
    await page.waitForLoadState("networkidle");
    expect(scripts.filter(isWalletStack)).toEqual([]);

    await connectButton(page).click();
    await expect(rainbowKitModal(page)).toContainText("Connect a Wallet");
    expect(scripts.filter(isWalletStack)).toHaveLength(1);
  });

  test("a returning visitor's wallet reconnects on its own after a reload", async ({
    page,
    connectWallet,
  }) => {
    await page.goto("/");
    const address = await connectWallet(page);
    const scripts = recordScripts(page);
    await page.reload();
    await expect(accountButton(page, address)).toBeVisible();
    expect(scripts.filter(isWalletStack)).toHaveLength(1);
    await expect(connectButton(page)).toBeHidden();
  });

  test("the built-in Local test wallet reconnects after a reload too, and not after Disconnect", async ({
    page,
    stack,
  }) => {
    const [first] = stack.accounts;
    if (!first) throw new Error("the stack has no accounts");
    await page.goto("/");
    await connectButton(page).click();
    await walletOption(page, "Local test wallet").click();
    await expect(accountButton(page, first)).toBeVisible();

    await page.reload();
    await expect(accountButton(page, first)).toBeVisible();

    await accountButton(page, first).click();
    await rainbowKitModal(page).getByRole("button", { name: "Disconnect" }).click();
    await expect(connectButton(page)).toBeVisible();
    await page.reload();
    await expect(connectButton(page)).toBeVisible();
    // Whatever the wallet stack does on load, it must not bring the connection back.
    await page.waitForLoadState("networkidle");
    await expect(accountButton(page, first)).toBeHidden();
  });
});
