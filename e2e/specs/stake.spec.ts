import type { Page } from "@playwright/test";
import { decodeFunctionData, parseEther, type Address } from "viem";
import { pooTokenAbi, stakingAbi } from "../../src/adapters/chain/abis.generated";
import { formatTokenAmount } from "../../src/domain/displayFormat";
import { expect, test } from "../fixtures/app";
import type { ChainClients } from "../support/chainClients";
import type { E2eStack } from "../support/e2eStack";
import {
  approveFromTest,
  enterButton,
  errorDialog,
  figureValue,
  pooAmount,
  parseShownAmount,
  quantityInput,
  readChainFigures,
  stakeButton,
  stakeDialog,
  stakeFromTest,
  submitStake,
  successDialog,
  tokens,
  waitForFiguresLoaded,
} from "../support/stakePage";

const STAKE = parseEther("150");
/** Local reward rate: 0.01 CRAP per second. */
const REWARD_RATE_PER_S = 0.01;
/** The account snapshot is polled every 4 s; the rewards figure ticks each second between polls. */
const ONE_POLL_OF_REWARDS = 4 * REWARD_RATE_PER_S;

/** The panel's rewards against the chain's, read at about the same moment (mines a block first). */
async function expectRewardsMatchChain(
  page: Page,
  chain: ChainClients,
  stack: E2eStack,
  account: Address,
): Promise<void> {
  // One poll's worth plus a tick of slack either way (the block timestamp is whole seconds). Polled:
  // after a time jump the panel catches up at its next snapshot read.
  await expect
    .poll(
      async () => {
        await chain.mine(); // the view function answers for the latest block: make it "now"
        const onChain = await readChainFigures(chain, stack, account);
        const shown = parseShownAmount((await figureValue(page, "Your Rewards").innerText()).trim());
        return Math.abs(shown - tokens(onChain.rewards));
      },
      { timeout: 10_000 },
    )
    .toBeLessThanOrEqual(ONE_POLL_OF_REWARDS + REWARD_RATE_PER_S);
}

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
    const account = await connectWallet(page);
    await waitForFiguresLoaded(page);
    await expect(pooAmount(page, "Staked")).toHaveText("0 POO");
    await expect(pooAmount(page, "Available")).toHaveText("1m POO");

    await submitStake(page, "150");
    const approval = await wallet.confirmTransaction();
    const stake = await wallet.confirmTransaction();

    const success = successDialog(page);
    await expect(success).toBeVisible({ timeout: 15_000 });
    await expect(success).toContainText("Stake successful");
    // No explorer on the local chain: the shortened hash of the stake transaction.
    await expect(success.getByTitle(stake.hash)).toHaveText(
      `${stake.hash.slice(0, 6)}…${stake.hash.slice(-4)}`,
    );

    const sent = await wallet.sentTransactions();
    expect(sent).toHaveLength(2);
    expect(sent.map((t) => t.hash)).toEqual([approval.hash, stake.hash]);
    expect(approval.to?.toLowerCase()).toBe(stack.contracts.pooToken.toLowerCase());
    expect(decodeFunctionData({ abi: pooTokenAbi, data: approval.data ?? "0x" })).toEqual({
      functionName: "approve",
      args: [stack.contracts.staking, STAKE],
    });
    expect(stake.to?.toLowerCase()).toBe(stack.contracts.staking.toLowerCase());
    expect(decodeFunctionData({ abi: stakingAbi, data: stake.data ?? "0x" })).toEqual({
      functionName: "stake",
      args: [STAKE],
    });

    await success.getByRole("button", { name: "Dismiss" }).click();
    await expect(success).toBeHidden();

    const onChain = await readChainFigures(chain, stack, account);
    expect(onChain.stakedAmount).toBe(STAKE);
    expect(onChain.pooBalance).toBe(parseEther("999850"));
    expect(onChain.allowance).toBe(0n);
    await expect(pooAmount(page, "Staked")).toHaveText("150 POO");
    await expect(pooAmount(page, "Staked")).toHaveAttribute("title", "150.0000 POO");
    await expect(pooAmount(page, "Available")).toHaveText("999.85k POO");
    await expect(pooAmount(page, "Available")).toHaveAttribute("title", "999,850.0000 POO");
    await expect(figureValue(page, "CRAP balance")).toHaveText(
      `${formatTokenAmount(onChain.crapBalance)} CRAP`,
    );
    await expectRewardsMatchChain(page, chain, stack, account);

    // An hour later on the chain: 36 CRAP of rewards, which the panel shows once it reads again.
    await chain.increaseTime(3600);
    expect(tokens((await readChainFigures(chain, stack, account)).rewards)).toBeGreaterThanOrEqual(36);
    await expectRewardsMatchChain(page, chain, stack, account);
    expect(parseShownAmount(await figureValue(page, "Your Rewards").innerText())).toBeGreaterThanOrEqual(36);
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
      return page.evaluate((ms) => {
        const shown = new Date(Math.ceil(ms / 60_000) * 60_000);
        return new Intl.DateTimeFormat(undefined, {
          day: "numeric",
          month: "short",
          year: "numeric",
          hour: "2-digit",
          minute: "2-digit",
        }).format(shown);
      }, nowMs + 86_400_000);
    };
    await connectWallet(page);
    await waitForFiguresLoaded(page);
    await stakeButton(page).click();
    const first = stakeDialog(page).getByText(/^Staking locks your POO\. Unstaking possible from /);
    await expect(first).toContainText(`Unstaking possible from ${await expectedLock()}`);
    await expect(enterButton(page)).toHaveAttribute("aria-describedby", /.+/);
    await stakeDialog(page).getByRole("button", { name: "Cancel" }).click();

    await stakeFromTest(chain, stack, account, STAKE);
    await expect(pooAmount(page, "Staked")).toHaveText("150 POO", { timeout: 10_000 });
    await stakeButton(page).click();
    await expect(
      stakeDialog(page).getByText(
        /^Adding to your stake restarts its lock for all your staked POO\. Unstaking possible from /,
      ),
    ).toContainText(`Unstaking possible from ${await expectedLock()}`);
    expect(await wallet.sentTransactions()).toEqual([]);
  });

  test("with enough allowance already granted, sends only the stake", async ({
    page,
    wallet,
    stack,
    chain,
    connectWallet,
  }) => {
    const account = stack.accounts[0];
    if (!account) throw new Error("the stack has no account 0");
    await approveFromTest(chain, stack, account, parseEther("1000"));
    expect(await connectWallet(page)).toBe(account);
    await waitForFiguresLoaded(page);

    await submitStake(page, "150");
    const stake = await wallet.confirmTransaction();
    await expect(successDialog(page)).toContainText("Stake successful", { timeout: 15_000 });

    const sent = await wallet.sentTransactions();
    expect(sent).toHaveLength(1);
    expect(decodeFunctionData({ abi: stakingAbi, data: stake.data ?? "0x" })).toEqual({
      functionName: "stake",
      args: [STAKE],
    });
    const onChain = await readChainFigures(chain, stack, account);
    expect(onChain.stakedAmount).toBe(STAKE);
    expect(onChain.allowance).toBe(parseEther("850"));
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
    const account = await connectWallet(page);
    await waitForFiguresLoaded(page);
    const before = await readChainFigures(chain, stack, account);

    await wallet.rejectNext("eth_sendTransaction");
    await submitStake(page, "150");

    const error = errorDialog(page);
    await expect(error).toBeVisible({ timeout: 15_000 });
    await expect(error).toContainText("You rejected the request in your wallet.");
    expect(await wallet.sentTransactions()).toEqual([]);
    await error.getByRole("button", { name: "Dismiss" }).click();
    await expect(error).toBeHidden();

    const after = await readChainFigures(chain, stack, account);
    expect(after.stakedAmount).toBe(0n);
    expect(after.pooBalance).toBe(before.pooBalance);
    expect(after.allowance).toBe(0n);
    await expect(pooAmount(page, "Staked")).toHaveText("0 POO");
    await expect(pooAmount(page, "Available")).toHaveText("1m POO");
    await expect(figureValue(page, "CRAP balance")).toHaveText("0 CRAP");
  });
});
