import type { Locator, Page } from "@playwright/test";
import { expect, test } from "../fixtures/app";
import { expectNoSeriousA11yViolations } from "../support/axe";
import {
  expectLocalExplorerLink,
  explorerLink,
  submitStake,
  successDialog,
  waitForFiguresLoaded,
} from "../support/stakePage";

/** The explorer page's summary value for `term` (Hash, Status, Block, From, To, …). */
function summary(page: Page, term: string): Locator {
  return page
    .locator("dl.summary dt", { hasText: new RegExp(`^${term}$`) })
    .locator("xpath=following-sibling::dd[1]");
}

/** The decoded log named `event`, one item of the Events list. */
function eventItem(page: Page, event: string): Locator {
  return page
    .locator("ol.logs > li")
    .filter({ has: page.getByRole("heading", { name: event, exact: true }) });
}

/** An argument's value in a decoded table (the call's or an event's) within `scope`. */
function argValue(scope: Locator, name: string): Locator {
  // `has` is matched inside each row: the inner locator starts from the page.
  const header = scope.page().getByRole("rowheader", { name, exact: true });
  return scope.getByRole("row").filter({ has: header }).getByRole("cell").last();
}

test.describe('the local explorer behind the Success dialog\'s "here"', () => {
  test("a stake's link opens its page: the hash, success, the block, stake(150 POO) and its Transfer and Staked events", async ({
    page,
    wallet,
    stack,
    chain,
    connectWallet,
  }) => {
    await page.goto("/");
    const account = await connectWallet(page);
    await waitForFiguresLoaded(page);
    const nonceBefore = await chain.publicClient.getTransactionCount({ address: account });

    await submitStake(page, "150");
    await wallet.confirmTransaction(); // approve
    await wallet.confirmTransaction(); // stake
    const success = successDialog(page);
    await expect(success).toContainText("Stake successful", { timeout: 15_000 });
    const hash = await expectLocalExplorerLink(success, stack, chain, account, nonceBefore + 1);
    const receipt = await chain.publicClient.getTransactionReceipt({ hash });

    const [explorer] = await Promise.all([page.waitForEvent("popup"), explorerLink(success).click()]);
    await explorer.waitForLoadState();
    expect(explorer.url()).toBe(`${stack.explorerUrl}/tx/${hash}`);
    await expect(explorer.getByRole("heading", { level: 1 })).toHaveText("Transaction");
    await expect(summary(explorer, "Hash")).toHaveText(hash);
    await expect(summary(explorer, "Status")).toHaveText("Success");
    await expect(summary(explorer, "Block")).toHaveText(String(receipt.blockNumber));
    await expect(summary(explorer, "From")).toHaveText(account);
    await expect(summary(explorer, "To")).toHaveText(`Staking ${stack.contracts.staking}`);
    await expect(summary(explorer, "Gas used")).toContainText(receipt.gasUsed.toLocaleString("en-US"));

    await expect(explorer.getByText("Staking.stake", { exact: true })).toBeVisible();
    const call = explorer.getByRole("table", { name: "Arguments of stake" });
    await expect(argValue(call, "amount")).toHaveText("150 POO (150000000000000000000 base units)");

    await expect(explorer.getByRole("heading", { name: "Events (2)" })).toBeVisible();
    const transfer = eventItem(explorer, "Transfer");
    await expect(transfer).toContainText(`Emitted by POO ${stack.contracts.pooToken}`);
    await expect(argValue(transfer, "from")).toHaveText(account);
    await expect(argValue(transfer, "to")).toHaveText(`Staking ${stack.contracts.staking}`);
    await expect(argValue(transfer, "value")).toHaveText("150 POO (150000000000000000000 base units)");
    const staked = eventItem(explorer, "Staked");
    await expect(staked).toContainText(`Emitted by Staking ${stack.contracts.staking}`);
    await expect(argValue(staked, "user")).toHaveText(account);
    await expect(argValue(staked, "amount")).toHaveText("150 POO (150000000000000000000 base units)");

    // Keyboard: the first Tab reaches the link back to the app.
    await explorer.keyboard.press("Tab");
    const back = explorer.getByRole("link", { name: "Back to the POO Finance app" });
    await expect(back).toBeFocused();
    await expect(back).toHaveAttribute("href", stack.webUrl);
    await expectNoSeriousA11yViolations(explorer);
  });

  test("a hash the chain does not know is a 404 page that says so; a malformed one is a 400", async ({
    page,
    stack,
  }) => {
    const unknown = `0x${"12".repeat(32)}`;
    const response = await page.goto(`${stack.explorerUrl}/tx/${unknown}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Transaction not found");
    await expect(page.getByText(`Transaction ${unknown} was not found on this chain`)).toBeVisible();

    // The page's look-up form, by keyboard, with a hash that is not one.
    await page.getByLabel("Transaction hash").fill("0x1234");
    await page.getByLabel("Transaction hash").press("Enter"); // the browser refuses it (pattern)
    expect(page.url()).toBe(`${stack.explorerUrl}/tx/${unknown}`);
    const bad = await page.request.get(`${stack.explorerUrl}/tx/0x1234`);
    expect(bad.status()).toBe(400);
    expect(await bad.text()).toContain(
      "is not a transaction hash: expected 0x followed by 64 hexadecimal digits",
    );
  });
});
