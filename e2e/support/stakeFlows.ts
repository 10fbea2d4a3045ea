import { expect, type Page } from "@playwright/test";
import { decodeFunctionData, parseEther, type Address } from "viem";
import { pooTokenAbi, stakingAbi } from "../../src/adapters/chain/abis.generated";
import { formatTokenAmount } from "../../src/domain/displayFormat";
import type { WalletDriver } from "../wallet/WalletDriver";
import type { ChainClients } from "./chainClients";
import type { E2eStack } from "./e2eStack";
import {
  approveFromTest,
  errorDialog,
  expectLocalExplorerLink,
  figureValue,
  myStakePanel,
  parseShownAmount,
  pooAmount,
  readChainFigures,
  stakeFromTest,
  submitStake,
  successDialog,
  tokens,
  unstakeButton,
  waitForFiguresLoaded,
  shownUnlockTime,
} from "./stakePage";

/**
 * The staking flows, written once against {@link WalletDriver} and run with each wallet: the injected
 * test wallet (e2e/specs) and MetaMask (e2e/metamask). Each starts on the app's page ("/"), with the
 * wallet not yet connected and the wallet's active account as the stack seeded it.
 */
export interface StakeFlowContext {
  readonly page: Page;
  readonly wallet: WalletDriver;
  readonly stack: E2eStack;
  readonly chain: ChainClients;
  readonly connectWallet: (page: Page) => Promise<Address>;
  /** How long the app may wait for the wallet's answer (a click in MetaMask takes seconds). */
  readonly walletTimeoutMs?: number;
}

const STAKE = parseEther("150");
/** Local reward rate: 0.01 CRAP per second. */
const REWARD_RATE_PER_S = 0.01;
/** The account snapshot is polled every 4 s; the rewards figure ticks each second between polls. */
const ONE_POLL_OF_REWARDS = 4 * REWARD_RATE_PER_S;
/** Local MIN_STAKE_DURATION. */
const MIN_STAKE_DURATION_S = 86_400;

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

/** Stake 150 with no allowance: exactly approve(staking, 150) then stake(150); the panel shows the chain's figures. */
export async function stakeWithApprovalFlow({
  page,
  wallet,
  stack,
  chain,
  connectWallet,
  walletTimeoutMs = 15_000,
}: StakeFlowContext): Promise<void> {
  const account = await connectWallet(page);
  await waitForFiguresLoaded(page);
  await expect(pooAmount(page, "Staked")).toHaveText("0 POO");
  await expect(pooAmount(page, "Available")).toHaveText("1m POO");
  const nonceBefore = await chain.minedNonce(account);

  await submitStake(page, "150");
  const approval = await wallet.confirmTransaction();
  const stake = await wallet.confirmTransaction();

  const success = successDialog(page);
  await expect(success).toBeVisible({ timeout: walletTimeoutMs });
  await expect(success).toContainText("Stake successful");
  // "here" opens the local explorer on the stake as the chain mined it (the approval was nonce + 0).
  expect(await expectLocalExplorerLink(success, stack, chain, account, nonceBefore + 1)).toBe(stake.hash);

  const sent = await wallet.sentTransactions();
  expect(sent).toHaveLength(2);
  expect(sent.map((t) => t.hash)).toEqual([approval.hash, stake.hash]);
  expect(await chain.minedNonce(account)).toBe(nonceBefore + 2); // nothing else went out
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
}

/**
 * Stake 150 with 1,000 already approved: only stake(150) is sent; 850 of allowance is left. Adds to
 * whatever the account has staked (the MetaMask specs run it after another stake, on an unreverted chain).
 */
export async function stakeWithAllowanceFlow({
  page,
  wallet,
  stack,
  chain,
  connectWallet,
  walletTimeoutMs = 15_000,
}: StakeFlowContext): Promise<void> {
  const account = await wallet.activeAccount();
  const before = await readChainFigures(chain, stack, account);
  await approveFromTest(chain, stack, account, parseEther("1000"));
  expect(await connectWallet(page)).toBe(account);
  await waitForFiguresLoaded(page);
  const nonceBefore = await chain.minedNonce(account);

  await submitStake(page, "150");
  const stake = await wallet.confirmTransaction();
  await expect(successDialog(page)).toContainText("Stake successful", { timeout: walletTimeoutMs });
  expect(await expectLocalExplorerLink(successDialog(page), stack, chain, account, nonceBefore)).toBe(
    stake.hash,
  );

  const sent = await wallet.sentTransactions();
  expect(sent).toHaveLength(1);
  expect(await chain.minedNonce(account)).toBe(nonceBefore + 1);
  expect(decodeFunctionData({ abi: stakingAbi, data: stake.data ?? "0x" })).toEqual({
    functionName: "stake",
    args: [STAKE],
  });
  const onChain = await readChainFigures(chain, stack, account);
  expect(onChain.stakedAmount).toBe(before.stakedAmount + STAKE);
  expect(onChain.pooBalance).toBe(before.pooBalance - STAKE);
  expect(onChain.allowance).toBe(parseEther("850"));
}

/** The wallet refuses the approval: the app's Error result, nothing sent, nothing changed. */
export async function rejectedApprovalFlow({
  page,
  wallet,
  stack,
  chain,
  connectWallet,
  walletTimeoutMs = 15_000,
}: StakeFlowContext): Promise<void> {
  const account = await connectWallet(page);
  await waitForFiguresLoaded(page);
  const before = await readChainFigures(chain, stack, account);
  const nonceBefore = await chain.minedNonce(account);

  await wallet.rejectNext("eth_sendTransaction");
  await submitStake(page, "150");

  const error = errorDialog(page);
  await expect(error).toBeVisible({ timeout: walletTimeoutMs });
  await expect(error).toContainText("You rejected the request in your wallet.");
  expect(await wallet.sentTransactions()).toEqual([]);
  await error.getByRole("button", { name: "Dismiss" }).click();
  await expect(error).toBeHidden();

  expect(await chain.minedNonce(account)).toBe(nonceBefore); // the node got nothing from the account
  const after = await readChainFigures(chain, stack, account);
  expect(after.stakedAmount).toBe(0n);
  expect(after.pooBalance).toBe(before.pooBalance);
  expect(after.allowance).toBe(0n);
  await expect(pooAmount(page, "Staked")).toHaveText("0 POO");
  await expect(pooAmount(page, "Available")).toHaveText("1m POO");
  await expect(figureValue(page, "CRAP balance")).toHaveText("0 CRAP");
}

/**
 * 150 staked (from the test): Unstake is locked before the minimum duration (saying from when); a day
 * and a second later on the chain it sends withdraw(), returns the POO and pays CRAP.
 */
export async function unstakeAfterLockFlow({
  page,
  wallet,
  stack,
  chain,
  connectWallet,
  walletTimeoutMs = 15_000,
}: StakeFlowContext): Promise<void> {
  const account = await wallet.activeAccount();
  await stakeFromTest(chain, stack, account, STAKE);
  const stakedTime = await chain.publicClient.readContract({
    address: stack.contracts.staking,
    abi: stakingAbi,
    functionName: "stakedTime",
    args: [account],
  });

  await page.goto("/");
  expect(await connectWallet(page)).toBe(account);
  await waitForFiguresLoaded(page);
  await expect(pooAmount(page, "Staked")).toHaveText("150 POO");

  // Locked: the button is disabled and the panel says when unstaking becomes possible, in the
  // browser's locale, rounded up to the minute (as the UI promises never to show a time too early).
  const unlocksAtMs = Number(stakedTime + BigInt(MIN_STAKE_DURATION_S)) * 1000;
  const expectedWhen = await shownUnlockTime(page, unlocksAtMs);
  const lockText = myStakePanel(page).getByText(/^Unstaking possible from /);
  await expect(lockText).toHaveText(
    new RegExp(`^Unstaking possible from ${expectedWhen} \\(in (1 d|23 h 5\\d min)\\)$`),
  );
  await expect(unstakeButton(page)).toBeDisabled();
  await expect(unstakeButton(page)).toHaveAttribute("aria-describedby", /.+/);
  await unstakeButton(page).click({ force: true }); // a click on the disabled button does nothing
  await expect(page.getByRole("dialog")).toHaveCount(0);
  expect(await wallet.sentTransactions()).toEqual([]);

  // A day and a second later on the chain: unlocked at the panel's next read.
  await chain.increaseTime(MIN_STAKE_DURATION_S + 1);
  await expect(unstakeButton(page)).toBeEnabled({ timeout: 10_000 });
  await expect(lockText).toBeHidden();
  const nonceBefore = await chain.minedNonce(account);

  await unstakeButton(page).click();
  const withdraw = await wallet.confirmTransaction();
  const success = successDialog(page);
  await expect(success).toBeVisible({ timeout: walletTimeoutMs });
  await expect(success).toContainText("Unstake successful");
  expect(await expectLocalExplorerLink(success, stack, chain, account, nonceBefore)).toBe(withdraw.hash);

  const sent = await wallet.sentTransactions();
  expect(sent).toHaveLength(1);
  expect(await chain.minedNonce(account)).toBe(nonceBefore + 1);
  expect(withdraw.to?.toLowerCase()).toBe(stack.contracts.staking.toLowerCase());
  expect(decodeFunctionData({ abi: stakingAbi, data: withdraw.data ?? "0x" }).functionName).toBe("withdraw");

  await success.getByRole("button", { name: "Dismiss" }).click();
  await expect(success).toBeHidden();

  const onChain = await readChainFigures(chain, stack, account);
  expect(onChain.stakedAmount).toBe(0n);
  expect(onChain.pooBalance).toBe(parseEther("1000000"));
  expect(onChain.crapBalance).toBeGreaterThan(0n);
  await expect(figureValue(page, "CRAP balance")).toHaveText(
    `${formatTokenAmount(onChain.crapBalance)} CRAP`,
  );
  await expect(pooAmount(page, "Staked")).toHaveText("0 POO");
  await expect(pooAmount(page, "Available")).toHaveText("1m POO");
  await expect(unstakeButton(page)).toBeDisabled(); // nothing staked any more
}
