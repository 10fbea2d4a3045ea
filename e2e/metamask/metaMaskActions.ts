import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Everything that knows MetaMask 13.13.1's screens: test ids, texts, routes. Synpress 4.1.2's own
 * actions cover unlocking; the rest of its actions wait for test ids 13.13.1 no longer has
 * (`page-container-footer-next` on connect and confirm, `network-display`), so they live here, named
 * by what they do. A MetaMask upgrade should touch this file only.
 *
 * LavaMoat refuses `page.evaluate` / `evaluateAll` inside MetaMask's pages: locators only.
 */

/** Where MetaMask's own pages live for an extension id. */
export function metaMaskUrls(extensionId: string): {
  home: string;
  notification: string;
  addNetwork: string;
} {
  const base = `chrome-extension://${extensionId}`;
  return {
    home: `${base}/home.html`,
    notification: `${base}/notification.html`,
    addNetwork: `${base}/home.html#settings/networks/add-network`,
  };
}

// ---------------------------------------------------------------------------------------------------
// Onboarding (the Synpress wallet setup)

/**
 * Imports a wallet from its Secret Recovery Phrase and sets the password (MetaMask's onboarding up to
 * "Your wallet is ready!"). Synpress's `importWallet` types the phrase in one go, which loses characters
 * on a busy machine when the single field turns into twelve; this checks each word's field after
 * typing and fills any that lost characters.
 */
export async function importWalletFromPhrase(page: Page, phrase: string, password: string): Promise<void> {
  const words = phrase.trim().split(/\s+/);
  await page.getByTestId("onboarding-import-wallet").click();
  await page.getByTestId("onboarding-import-with-srp-button").click();
  await page.getByTestId("srp-input-import__srp-note").pressSequentially(words.join(" "), { delay: 20 });
  const wordField = (index: number): Locator => page.getByTestId(`import-srp__srp-word-${index}`);
  await wordField(words.length - 1).waitFor();
  for (let attempt = 0; ; attempt++) {
    let allRight = true;
    for (const [index, word] of words.entries()) {
      if ((await wordField(index).inputValue()) !== word) {
        allRight = false;
        await wordField(index).fill(word);
      }
    }
    if (allRight) break;
    if (attempt === 3) throw new Error("MetaMask's recovery phrase fields do not keep the words typed in.");
  }
  await page.getByTestId("import-srp-confirm").click();

  await page.getByTestId("create-password-new-input").fill(password);
  await page.getByTestId("create-password-confirm-input").fill(password);
  await page.getByTestId("create-password-terms").click();
  await page.getByTestId("create-password-submit").click();

  // "Help improve MetaMask": opt out of usage data.
  await page.locator("#metametrics-opt-in").click();
  await page.getByTestId("metametrics-i-agree").click();
}

/**
 * "Your wallet is ready!": 13.13.1 opens its side panel from "Open wallet" (which a headless browser
 * has not; the button then stays disabled) and only stores the finished onboarding once that button
 * was pressed. Going to the home page afterwards and seeing the account proves the state was stored.
 * In a fresh clone on a quiet machine MetaMask twice came back instead to its unlock screen and, once
 * unlocked, to "Your wallet is ready!" again (the press not stored): then it is pressed again.
 */
export async function finishOnboarding(page: Page, extensionId: string, password: string): Promise<void> {
  const done = page.getByTestId("onboarding-complete-done");
  const account = accountMenuButton(page);
  const passwordField = page.getByTestId("unlock-password");
  for (let attempt = 1; ; attempt++) {
    await page.bringToFront();
    await done.click();
    // Give MetaMask the time to act on the press (it stores the finished onboarding) before leaving.
    await page
      .waitForURL((url) => !url.hash.includes("onboarding/completion"), { timeout: 5_000 })
      .catch(() => undefined);
    await page.goto(metaMaskUrls(extensionId).home);
    // MetaMask takes its time to show its home screen the first time (half a minute on a busy machine).
    await account.or(passwordField).or(done).first().waitFor({ timeout: 120_000 });
    if (await passwordField.isVisible()) {
      await passwordField.fill(password);
      await page.getByTestId("unlock-submit").click();
      await account.or(done).first().waitFor({ timeout: 120_000 });
    }
    if (await account.isVisible()) return;
    if (attempt === 3) {
      throw new Error(`MetaMask still shows "Your wallet is ready!" after ${attempt} presses of its button`);
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// Unlocking

/**
 * Unlocks MetaMask on its home page. Synpress's `unlockForFixture` waits for loading spinners that,
 * offline, stay up for minutes ("Unable to connect to Ethereum"); the account button is what matters.
 */
export async function unlockWallet(page: Page, extensionId: string, password: string): Promise<void> {
  await page.goto(metaMaskUrls(extensionId).home);
  await page.getByTestId("unlock-password").fill(password);
  await page.getByTestId("unlock-submit").click();
  await expect(accountMenuButton(page)).toBeVisible({ timeout: 120_000 });
}

// ---------------------------------------------------------------------------------------------------
// Home screen: accounts, networks, tokens

/** The header's account button ("Account 1"). */
export function accountMenuButton(page: Page): Locator {
  return page.getByTestId("account-menu-icon");
}

/** The row of "Account <n>" (1-based, MetaMask's naming) in the account list. */
function accountCell(page: Page, n: number): Locator {
  return page.getByText(`Account ${n}`, { exact: true });
}

/** Selects "Account <n>" (n = Hardhat index + 1) as the wallet's account, from the home screen. */
export async function selectAccount(page: Page, extensionId: string, n: number): Promise<void> {
  await page.goto(`${metaMaskUrls(extensionId).home}#account-list`);
  await accountCell(page, n).click();
  await expect(accountMenuButton(page)).toHaveText(`Account ${n}`, { timeout: 20_000 });
}

/** Adds a custom network through Settings → Networks → Add a network; MetaMask then switches to it. */
export async function addNetworkInSettings(
  page: Page,
  extensionId: string,
  network: { name: string; rpcUrl: string; chainId: number; symbol: string },
): Promise<void> {
  await page.goto(metaMaskUrls(extensionId).addNetwork);
  await page.getByTestId("network-form-network-name").fill(network.name);
  await page.getByTestId("test-add-rpc-drop-down").click();
  await page.getByText("Add RPC URL", { exact: true }).click();
  await page.getByTestId("rpc-url-input-test").fill(network.rpcUrl);
  await page.getByRole("button", { name: "Add URL", exact: true }).click();
  await page.getByTestId("network-form-chain-id").fill(String(network.chainId));
  await page.getByTestId("network-form-ticker-input").fill(network.symbol);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText(`“${network.name}” was successfully added!`)).toBeVisible({ timeout: 30_000 });
}

/** The wallet's token list (home → Tokens), one entry per token with its shown balance ("999,850 POO"). */
export async function listedTokens(page: Page, extensionId: string): Promise<string[]> {
  await page.goto(metaMaskUrls(extensionId).home);
  await page.getByTestId("account-overview__asset-tab").click();
  const values = page.getByTestId("multichain-token-list-item-value");
  await expect(values.first()).toBeVisible({ timeout: 20_000 });
  // One innerText per item: allInnerTexts evaluates in the page's world, which LavaMoat refuses
  // ('property "RegExp" of globalThis is inaccessible under scuttling mode').
  const texts: string[] = [];
  for (let index = 0, count = await values.count(); index < count; index++) {
    texts.push((await values.nth(index).innerText()).trim());
  }
  return texts;
}

// ---------------------------------------------------------------------------------------------------
// Requests from a site (notification.html shows the oldest pending one)

/** What kind of request the notification page shows, from its route; undefined: none (home). */
export type RequestScreen =
  "connect" | "transaction" | "signature" | "watchAsset" | "addNetwork" | "switchNetwork" | "confirmation";

export function requestScreenOf(url: string): { screen: RequestScreen; id: string } | undefined {
  const hash = new URL(url).hash;
  let match = /^#connect\/([^/?]+)/.exec(hash);
  if (match?.[1]) return { screen: "connect", id: match[1] };
  match = /^#confirm-transaction\/([^/?]+)\/signature-request/.exec(hash);
  if (match?.[1]) return { screen: "signature", id: match[1] };
  match = /^#confirm-transaction\/([^/?]+)/.exec(hash);
  if (match?.[1]) return { screen: "transaction", id: match[1] };
  if (hash.startsWith("#confirm-add-suggested-token")) return { screen: "watchAsset", id: hash };
  match = /^#confirmation(?:\/([^/?]+))?/.exec(hash);
  if (match) return { screen: "confirmation", id: match[1] ?? hash };
  return undefined;
}

/** The button that approves what the screen asks (enabled once MetaMask is ready to act on it). */
export function approveButton(page: Page, screen: RequestScreen): Locator {
  switch (screen) {
    case "connect":
      return page.getByTestId("confirm-btn");
    case "transaction":
    case "signature":
      return page.getByTestId("confirm-footer-button");
    case "watchAsset":
      return page.getByTestId("page-container-footer-next");
    case "addNetwork":
    case "switchNetwork":
    case "confirmation":
      return page.getByTestId("confirmation-submit-button");
  }
}

/** The button that refuses it (the site gets 4001). */
export function rejectButton(page: Page, screen: RequestScreen): Locator {
  switch (screen) {
    case "connect":
      return page.getByTestId("cancel-btn");
    case "transaction":
    case "signature":
      return page.getByTestId("confirm-footer-cancel-button");
    case "watchAsset":
      return page.getByTestId("page-container-footer-cancel");
    case "addNetwork":
    case "switchNetwork":
    case "confirmation":
      return page.getByTestId("confirmation-cancel-button");
  }
}

/** The site and account a request screen names ("Request from 127.0.0.1:4273"). */
export async function requestOriginHost(page: Page): Promise<string | undefined> {
  const hostLike = page.getByText(/^[\w.-]+:\d+$/).first();
  return (await hostLike.count()) > 0 ? (await hostLike.innerText()).trim() : undefined;
}
