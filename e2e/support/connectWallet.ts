import { expect, type Locator, type Page, type Request } from "@playwright/test";
import type { Address } from "viem";
import type { WalletDriver } from "../wallet/WalletDriver";

/**
 * What RainbowKit's account button shows for `address`: the first hex characters and the last four,
 * around an ellipsis ("0xf3…2266"; some versions and widths keep four after 0x: "0xf39F…2266").
 * Case-insensitive, unanchored: the button also shows the balance.
 */
export function shortAddressPattern(address: Address): RegExp {
  const hex = address.slice(2);
  const head = `0x${hex.slice(0, 2)}(?:${hex.slice(2, 4)})?`;
  return new RegExp(`${head}\\s*(?:…|\\.\\.\\.)\\s*${hex.slice(-4)}`, "i");
}

/**
 * Resolves once the page has rendered a frame and run the tasks queued before it: React's passive
 * effects of what is on screen have run. Not a timer; it waits for the page's own event loop.
 */
export async function afterNextFrame(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))),
  );
}

/**
 * Presses `button` inside one of RainbowKit's dialogs once the dialog has finished opening. Its
 * content slides up from below the screen for 350 ms (a CSS animation), and a press aimed at where a
 * button was during the slide can land on the dialog's backdrop: on "Verify your account" that is
 * RainbowKit's cancel, which disconnects the wallet. Seen once in a CI run under load (the wallet saw
 * wallet_revokePermissions instead of personal_sign), and reproduced at will by pressing at the point
 * the button had when the slide began. A person does not aim at a moving button; Playwright's
 * stability check (two frames alike) does not hold when a loaded machine delays the press.
 */
export async function pressInDialog(button: Locator): Promise<void> {
  await button.waitFor();
  await button.evaluate((element) => {
    const dialog = element.closest('[role="dialog"]') ?? element;
    const opening = dialog
      .getAnimations({ subtree: true })
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    return Promise.all(opening.map((animation) => animation.finished.catch(() => undefined)));
  });
  await button.click();
}

/** The app's header (the page's banner landmark). */
export function appHeader(page: Page): Locator {
  return page.getByRole("banner");
}

/** RainbowKit's "Connect Wallet" button in the header. */
export function connectButton(page: Page): Locator {
  return appHeader(page).getByRole("button", { name: "Connect Wallet", exact: true });
}

/** The header's account button for `address` (opens RainbowKit's account modal). */
export function accountButton(page: Page, address: Address): Locator {
  return appHeader(page).getByRole("button", { name: shortAddressPattern(address) });
}

/** Coinbase Wallet's SDK as the page fetches it (see watchCoinbaseSdk). */
export interface CoinbaseSdkWatch {
  /** Paths of the SDK's script fetched since the watch started. */
  readonly paths: string[];
  /** Resolves once no script has been in flight or unread for `quietMs` (fails after `maxMs`). */
  settled(quietMs?: number, maxMs?: number): Promise<void>;
}

/**
 * Watches the page's scripts for Coinbase Wallet's SDK: the script that holds its popup's address (the
 * file names are hashes). The app fetches it only when the visitor picks Coinbase Wallet. `settled()`
 * waits for the page's scripts themselves, not for a load state the page may have reached already.
 */
export function watchCoinbaseSdk(page: Page): CoinbaseSdkWatch {
  const paths: string[] = [];
  const inFlight = new Set<Request>(); // scripts requested since the watch started, not yet read
  let lastChange = Date.now();
  const done = (request: Request): void => {
    if (inFlight.delete(request)) lastChange = Date.now();
  };
  page.on("request", (request) => {
    if (request.resourceType() !== "script") return;
    inFlight.add(request);
    lastChange = Date.now();
  });
  page.on("requestfailed", done);
  page.on("requestfinished", async (request) => {
    if (!inFlight.has(request)) return;
    const body = await request
      .response()
      .then((response) => response?.text() ?? "")
      .catch(() => "");
    if (body.includes("keys.coinbase.com")) paths.push(new URL(request.url()).pathname);
    done(request);
  });
  return {
    paths,
    async settled(quietMs = 1_000, maxMs = 20_000) {
      await expect
        .poll(() => inFlight.size === 0 && Date.now() - lastChange >= quietMs, {
          message: `the page's scripts settle (${quietMs} ms without one in flight)`,
          timeout: maxMs,
          intervals: [100],
        })
        .toBe(true);
    },
  };
}

/** RainbowKit's modal (connect or account). */
export function rainbowKitModal(page: Page): Locator {
  return page.getByRole("dialog");
}

/** The wallet's entry in the connect modal's list. */
export function walletOption(page: Page, walletName: string): Locator {
  return rainbowKitModal(page).getByRole("button", { name: walletName, exact: true });
}

/**
 * The wallet list under one of the connect modal's group labels ("Installed", "Popular", "Local chain").
 * RainbowKit renders each label and its list as siblings, hence the XPath step.
 */
export function walletGroup(page: Page, groupName: string): Locator {
  return rainbowKitModal(page)
    .getByText(groupName, { exact: true })
    .locator("xpath=../following-sibling::div[1]");
}

/**
 * Opens RainbowKit's connect modal from the header and picks `wallet` in it, without waiting for the
 * connection (use it to look at the modal's connect step, e.g. after `wallet.rejectNext()`).
 */
export async function pickWalletInConnectModal(
  page: Page,
  wallet: Pick<WalletDriver, "name">,
): Promise<void> {
  await connectButton(page).click();
  await pressInDialog(walletOption(page, wallet.name));
}

/**
 * Connects the app on `page` (already showing the app) to `wallet` the way a user does: "Connect
 * Wallet", the wallet in RainbowKit's list (discovered through EIP-6963), approve in the wallet, then
 * waits for the header's account button. Resolves with the connected address.
 */
export async function connectWallet(page: Page, wallet: WalletDriver): Promise<Address> {
  await pickWalletInConnectModal(page, wallet);
  const address = await wallet.approveConnection();
  await expect(accountButton(page, address)).toBeVisible();
  await expect(rainbowKitModal(page)).toBeHidden();
  return address;
}
