import { expect, test } from "../fixtures/app";
import { rejectedApprovalFlow, stakeWithAllowanceFlow, stakeWithApprovalFlow } from "../support/stakeFlows";
import { parseEther } from "viem";
import {
  enterButton,
  pooAmount,
  quantityInput,
  stakeButton,
  stakeDialog,
  stakeFromTest,
  waitForFiguresLoaded,
  shownUnlockTime,
} from "../support/stakePage";

const STAKE = parseEther("150");

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

// The flows shared with the MetaMask project (e2e/metamask/) live in e2e/support/stakeFlows.ts.

test.describe("staking POO from the My Stake panel", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/");
  });

  test("approves exactly the quantity, then stakes it; the panel shows the chain's figures", async ({
    page,
    wallet,
    stack,
    chain,
    connectWallet,
  }) => {
    await stakeWithApprovalFlow({ page, wallet, stack, chain, connectWallet });
  });

  test("before Enter, the dialog says until when the stake is locked, and that adding to a stake restarts the lock", async ({
    page,
    wallet,
    stack,
    chain,
    connectWallet,
  }) => {
    const account = stack.accounts[0]!;
    const expectedLock = async (): Promise<string> => {
      // The chain's "now" plus MIN_STAKE_DURATION (a day), rounded up to the minute, in the browser's locale.
      const nowMs = Math.max(Date.now(), Number(await chain.latestTimestamp()) * 1000);
      return shownUnlockTime(page, nowMs + 86_400_000);
    };
    // The dialog states the date when it opens; a minute may turn between that and the test's look.
    const lockAround = async (open: () => Promise<void>): Promise<RegExp> => {
      const before = await expectedLock();
      await open();
      const after = await expectedLock();
      return new RegExp(`Unstaking possible from (${escapeRegExp(before)}|${escapeRegExp(after)})`);
    };
    await connectWallet(page);
    await waitForFiguresLoaded(page);
    const firstLock = await lockAround(() => stakeButton(page).click());
    const first = stakeDialog(page).getByText(/^Staking locks your POO\. Unstaking possible from /);
    await expect(first).toContainText(firstLock);
    await expect(enterButton(page)).toHaveAttribute("aria-describedby", /.+/);
    await stakeDialog(page).getByRole("button", { name: "Cancel" }).click();

    await stakeFromTest(chain, stack, account, STAKE);
    await expect(pooAmount(page, "Staked")).toHaveText("150 POO", { timeout: 10_000 });
    const secondLock = await lockAround(() => stakeButton(page).click());
    await expect(
      stakeDialog(page).getByText(
        /^Adding to your stake restarts its lock for all your staked POO\. Unstaking possible from /,
      ),
    ).toContainText(secondLock);
    expect(await wallet.sentTransactions()).toEqual([]);
  });

  test("with enough allowance already granted, sends only the stake", async ({
    page,
    wallet,
    stack,
    chain,
    connectWallet,
  }) => {
    expect(await wallet.activeAccount()).toBe(stack.accounts[0]);
    await stakeWithAllowanceFlow({ page, wallet, stack, chain, connectWallet });
  });

  const refusals: ReadonlyArray<{ input: string; message: string }> = [
    { input: "0", message: "Enter a quantity greater than 0." },
    { input: "abc", message: "Enter a number, e.g. 12.5." },
    { input: "1e3", message: "Write the quantity without exponent notation (e.g. 1500, not 1.5e3)." },
    { input: "1,000", message: "Remove thousands separators (commas or spaces)." },
    { input: "50", message: "The minimum stake is 100 POO." },
    { input: "2000000", message: "You have only 1000000 POO available." },
    { input: "100.0000000000000000001", message: "At most 18 decimal places are allowed." },
  ];

  test("refuses each invalid quantity up front and sends nothing", async ({
    page,
    wallet,
    connectWallet,
  }) => {
    await connectWallet(page);
    await waitForFiguresLoaded(page);
    await stakeButton(page).click();
    const dialog = stakeDialog(page);
    await expect(dialog).toBeVisible();

    for (const { input, message } of refusals) {
      await test.step(`"${input}"`, async () => {
        await quantityInput(page).fill(input);
        await expect(dialog.getByText(message, { exact: true })).toBeVisible();
        await expect(quantityInput(page)).toHaveAttribute("aria-invalid", "true");
        await expect(enterButton(page)).toBeDisabled();
        // The keyboard's Enter submits the form: still refused.
        await quantityInput(page).press("Enter");
        await expect(dialog).toBeVisible();
      });
    }
    // A valid quantity enables Enter (the refusals above were about the input, not a dead button).
    await quantityInput(page).fill("100");
    await expect(enterButton(page)).toBeEnabled();

    expect(await wallet.sentTransactions()).toEqual([]);
    expect(wallet.controller.requests().map((r) => r.method)).not.toContain("eth_sendTransaction");
  });

  test("a rejected approval shows the Error result and stakes nothing", async ({
    page,
    wallet,
    stack,
    chain,
    connectWallet,
  }) => {
    await rejectedApprovalFlow({ page, wallet, stack, chain, connectWallet });
  });
});
