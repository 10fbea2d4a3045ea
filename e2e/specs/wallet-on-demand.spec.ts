import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures/app";
import {
  accountButton,
  afterNextFrame,
  connectButton,
  pressInDialog,
  rainbowKitModal,
  watchCoinbaseSdk,
  walletOption,
} from "../support/connectWallet";

/** Script URLs the page fetched, from now on. */
function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

const WALLET_STACK_FILE = /\/assets\/WalletStack-[\w-]+\.js$/;
const isWalletStack = (path: string): boolean => WALLET_STACK_FILE.test(path);

test.describe("the wallet stack loads on demand", () => {
  test("a first visit runs no wallet code until Connect Wallet is pressed: once the visitor scrolls, it fetches the files, and the press takes them from the cache", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(connectButton(page)).toBeVisible();
    await expect(page.getByRole("region", { name: "Asset Stats" })).toContainText("$0.0042");
    const walletFetches = () =>
      page.evaluate(
        (file) =>
          performance
            .getEntriesByType("resource")
            .filter((entry) => new RegExp(file).test(entry.name))
            .map((entry) => {
              const resource = entry as PerformanceResourceTiming;
              return { by: resource.initiatorType, transferred: resource.transferSize };
            }),
        WALLET_STACK_FILE.source,
      );
    // A visitor who does nothing (Lighthouse, too) gets no wallet bytes, however long the page is idle:
    // checked once the network has been quiet for half a second (the page is idle: a prefetch in idle
    // time would have started). Not with the page's clock: its fake `performance` lists no resources.
    await page.waitForLoadState("networkidle");
    await afterNextFrame(page);
    await expect(page.locator('link[rel="prefetch"]')).toHaveCount(0);
    expect(await walletFetches()).toEqual([]);
    // The first scroll: half a second later, the wallet chunk is fetched by a prefetch link, not imported.
    await page.mouse.move(200, 300);
    await page.mouse.wheel(0, 300);
    await expect
      .poll(walletFetches, { timeout: 20_000 })
      .toEqual([{ by: "link", transferred: expect.any(Number) }]);
    const [prefetched] = await walletFetches();
    expect(prefetched?.transferred).toBeGreaterThan(10_000);
    await page.waitForLoadState("networkidle");
    // Fetched, not run: wagmi writes its store as soon as it starts, and the wallet stylesheet is not in.
    expect(await page.evaluate(() => localStorage.getItem("wagmi.store"))).toBeNull();
    await expect(page.locator('link[rel="stylesheet"][href*="/assets/WalletStack-"]')).toHaveCount(0);

    await connectButton(page).click();
    await expect(rainbowKitModal(page)).toContainText("Connect a Wallet");
    // The module loader's request was answered by the HTTP cache: nothing more came over the network.
    const fetches = await walletFetches();
    expect(fetches).toHaveLength(2);
    expect(fetches[1]?.transferred).toBe(0);
  });

  test("a visitor whose browser asks to save data gets no wallet code before Connect Wallet", async ({
    page,
  }) => {
    // Every request, not recordScripts: a prefetch link's request is not of type "script".
    const scripts: string[] = [];
    page.on("request", (request) => scripts.push(new URL(request.url()).pathname));
    await page.addInitScript(() => {
      Object.defineProperty(navigator, "connection", { value: { saveData: true }, configurable: true });
    });
    await page.clock.install();
    await page.goto("/");
    await expect(page.getByRole("region", { name: "Asset Stats" })).toContainText("$0.0042");
    await page.waitForLoadState("networkidle");
    await page.mouse.move(200, 300);
    await page.mouse.wheel(0, 300);
    // The prefetch runs half a second after the first interaction: the page's next 5 s of timers run now.
    await page.clock.runFor(5_000);
    await afterNextFrame(page);
    await expect(page.locator('link[rel="prefetch"]')).toHaveCount(0);
    expect(scripts.filter(isWalletStack)).toEqual([]);

    await connectButton(page).click();
    await expect(rainbowKitModal(page)).toContainText("Connect a Wallet");
    expect(scripts.filter(isWalletStack)).toHaveLength(1);
  });

  test("pressed while the wallet code downloads, Connect Wallet shows it is loading until the modal opens", async ({
    page,
  }) => {
    // Hold the wallet chunk, as a slow phone network would, until the test lets it through.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/WalletStack-[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto("/");
    const button = connectButton(page);
    await expect(button).toHaveAttribute("aria-busy", "false");

    await button.click();
    await expect(button).toHaveAttribute("aria-busy", "true");
    await expect(page.getByRole("status").filter({ hasText: "Loading wallets…" })).toBeAttached();
    await expect(button).toHaveAccessibleDescription("Loading wallets…");
    await expect(rainbowKitModal(page)).toHaveCount(0);

    release();
    await expect(rainbowKitModal(page)).toContainText("Connect a Wallet");
    await expect(page.getByRole("status").filter({ hasText: "Loading wallets…" })).toHaveCount(0);
  });

  test("a first visit's Connect Wallet fetches no wallet's own SDK: Coinbase Wallet's comes when the visitor picks it", async ({
    page,
  }) => {
    const coinbaseSdk = watchCoinbaseSdk(page);
    page.context().on("page", (popup) => void popup.close());
    await page.goto("/");
    await connectButton(page).click();
    await expect(rainbowKitModal(page)).toContainText("Connect a Wallet");
    // Nothing to reconnect on a first visit: wagmi's reconnect would ask every listed wallet for its
    // provider, and Coinbase Wallet's answer downloads and starts its SDK, right as the modal opens.
    await afterNextFrame(page);
    await coinbaseSdk.settled();
    expect(coinbaseSdk.paths).toEqual([]);

    await pressInDialog(walletOption(page, "Coinbase Wallet"));
    await expect.poll(() => coinbaseSdk.paths, { timeout: 20_000 }).toHaveLength(1);
  });

  test("a visitor whose browser ran the wallet before gets it loaded on the load event; Connect opens at once", async ({
    page,
  }) => {
    await page.goto("/");
    await connectButton(page).click();
    await expect(rainbowKitModal(page)).toContainText("Connect a Wallet");
    await page.keyboard.press("Escape");
    await expect(rainbowKitModal(page)).toHaveCount(0);

    const scripts = recordScripts(page);
    // Hold the wallet chunk until the button the user sees has been marked.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/WalletStack-[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.reload();
    await expect(page.getByRole("region", { name: "Asset Stats" })).toContainText("$0.0042");
    await connectButton(page).evaluate((button) => button.setAttribute("data-seen-before-load", "yes"));
    // Nothing pressed: the wallet code comes in on the page's load event.
    await expect.poll(() => scripts.filter(isWalletStack), { timeout: 20_000 }).toHaveLength(1);
    release();
    await page.waitForLoadState("networkidle");
    // The same button, never swapped for another while loading: a press in between is never lost.
    await expect(connectButton(page)).toHaveAttribute("data-seen-before-load", "yes");

    await connectButton(page).click();
    await expect(page.getByRole("status").filter({ hasText: "Loading wallets…" })).toHaveCount(0);
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
    const coinbaseSdk = watchCoinbaseSdk(page);
    // Every label the header's wallet button shows while the page reloads and reconnects. Only a
    // button a user can see and reach counts: RainbowKit draws its button hidden (aria-hidden, opacity
    // 0, no pointer events) with "Connect Wallet" in it until its own sign-in status has loaded.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { headerButtonLabels: string[] }).headerButtonLabels = seen;
      new MutationObserver(() => {
        const shown = [...document.querySelectorAll("header button")].find(
          (button) => !button.closest('[aria-hidden="true"]'),
        );
        const label = shown?.textContent ?? "";
        if (label !== seen[seen.length - 1]) seen.push(label);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.reload();
    await expect(accountButton(page, address)).toBeVisible();
    expect(scripts.filter(isWalletStack)).toHaveLength(1);
    await expect(connectButton(page)).toBeHidden();
    // Never an inviting Connect Wallet in between: "Connecting…" until the account is back.
    const labels = await page.evaluate(
      () => (window as unknown as { headerButtonLabels: string[] }).headerButtonLabels,
    );
    expect(labels.filter((label) => label.includes("Connect Wallet"))).toEqual([]);
    // Only the wallet of the stored connection is asked to reconnect, not every listed wallet.
    await coinbaseSdk.settled();
    expect(coinbaseSdk.paths).toEqual([]);
  });

  test("the built-in Local test wallet reconnects after a reload too, and not after Disconnect", async ({
    page,
    stack,
  }) => {
    const [first] = stack.accounts;
    if (!first) throw new Error("the stack has no accounts");
    await page.goto("/");
    await connectButton(page).click();
    await pressInDialog(walletOption(page, "Local test wallet"));
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
