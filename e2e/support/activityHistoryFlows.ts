import { expect, type Page } from "@playwright/test";
import { createWalletClient, http, parseEther, type Address } from "viem";
import { erc20Abi, specStakingAbi } from "../../src/adapters/chain/specStakingAbi";
import { formatTokenAmount } from "../../src/domain/displayFormat";
import { ACTIVITY_INCOMPLETE_TEXT } from "../../src/domain/stakeActivity";
import type { InjectedTestWalletDriver } from "../wallet/InjectedTestWalletDriver";
import { meterActivityRequests } from "./activityRequests";
import type { ChainClients } from "./chainClients";
import type { AgedStake, E2eStack } from "./e2eStack";
import { stakeButton, submitStake, successDialog, waitForFiguresLoaded } from "./stakePage";

/** Most requests the page may send for its activity on a load, whatever the chain's age. */
const MAX_ACTIVITY_REQUESTS = 3;

export interface ActivityHistoryContext {
  page: Page;
  wallet: InjectedTestWalletDriver;
  stack: E2eStack;
  chain: ChainClients;
  connectWallet: (page: Page) => Promise<Address>;
  /** Where the page's JSON-RPC goes: the site's gateway (/api/rpc/), then the chain's public RPC. */
  rpcUrls: readonly string[];
}

const activity = (page: Page) => page.getByTestId("activity");
const rows = (page: Page) => activity(page).getByRole("listitem");

function agedStakeOf(stack: E2eStack) {
  if (!stack.agedStake || !stack.indexer) throw new Error("This stack was started without its aged stake.");
  return { aged: stack.agedStake, indexer: stack.indexer };
}

/** Connects `account` (an index of the wallet's accounts) on a fresh load of the Stake page. */
async function openAs(ctx: ActivityHistoryContext, account: number | Address): Promise<Address> {
  await ctx.wallet.switchAccount(account);
  await ctx.page.goto("/");
  const address = await ctx.connectWallet(ctx.page);
  await waitForFiguresLoaded(ctx.page);
  return address;
}

/**
 * The aged account's history as the list shows it, newest first: the reward and the unstake (one
 * transaction, the reward's Transfer last in it), then the stake.
 */
async function expectAgedHistory(page: Page, aged: AgedStake): Promise<void> {
  await expect(rows(page)).toHaveCount(3, { timeout: 15_000 });
  const [reward, unstake, stake] = [rows(page).nth(0), rows(page).nth(1), rows(page).nth(2)];
  await expect(reward).toHaveAttribute("data-kind", "reward");
  await expect(reward).toHaveAttribute("data-hash", aged.unstake.hash);
  await expect(reward).toContainText(`Reward${formatTokenAmount(aged.unstake.reward)} CRAP`);
  await expect(unstake).toHaveAttribute("data-kind", "unstake");
  await expect(unstake).toHaveAttribute("data-hash", aged.unstake.hash);
  await expect(unstake).toContainText("Unstake150.0000 POO");
  await expect(stake).toHaveAttribute("data-kind", "stake");
  await expect(stake).toHaveAttribute("data-hash", aged.hash);
  await expect(stake).toContainText("Stake150.0000 POO");
}

/**
 * A stake and its unstake made a million blocks ago (the stack's aged stake), the page's eth_getLogs
 * capped at 10,000 blocks: listed on the first load and after a reload, with at most 3 requests each
 * time.
 */
export async function oldStakeListedFlow(ctx: ActivityHistoryContext): Promise<void> {
  const { aged } = agedStakeOf(ctx.stack);
  const head = await ctx.chain.publicClient.getBlockNumber();
  expect(head - aged.unstake.blockNumber).toBeGreaterThan(1_000_000n);
  expect(aged.unstake.reward).toBeGreaterThan(0n);
  const meter = await meterActivityRequests(ctx.page, ctx.rpcUrls);
  await openAs(ctx, aged.account);
  await expectAgedHistory(ctx.page, aged);
  await expect(activity(ctx.page)).not.toContainText(ACTIVITY_INCOMPLETE_TEXT);
  const firstLoad = meter.requests();
  expect(firstLoad.length, firstLoad.join(", ")).toBeLessThanOrEqual(MAX_ACTIVITY_REQUESTS);
  expect(meter.refused()).toBe(0);

  meter.reset();
  await ctx.page.reload();
  await waitForFiguresLoaded(ctx.page);
  await expectAgedHistory(ctx.page, aged);
  const reload = meter.requests();
  expect(reload.length, reload.join(", ")).toBeLessThanOrEqual(MAX_ACTIVITY_REQUESTS);
  console.log(`[activity] first load: ${firstLoad.join(", ")}; reload: ${reload.join(", ")}`);
}

/**
 * The indexer stopped (SIGSTOP: it stops answering) mid-session: a stake made then still shows, from
 * the chain's newest blocks, and the list is whole; after a reload the old history cannot be read, the
 * list shows the new stake and says in one line that some activity cannot be shown; the page works; a
 * few requests, no storm. The indexer is resumed (SIGCONT) at the end, whatever happened.
 */
export async function indexerStoppedFlow(ctx: ActivityHistoryContext): Promise<void> {
  const { aged, indexer } = agedStakeOf(ctx.stack);
  if (indexer.pid === undefined) throw new Error("The indexer's process id is unknown.");
  const meter = await meterActivityRequests(ctx.page, ctx.rpcUrls);
  await openAs(ctx, aged.account);
  await expectAgedHistory(ctx.page, aged);
  process.kill(indexer.pid, "SIGSTOP");
  try {
    await submitStake(ctx.page, "120");
    await ctx.wallet.confirmTransaction(); // approval
    await ctx.wallet.confirmTransaction(); // stake
    await expect(successDialog(ctx.page)).toContainText("Stake successful", { timeout: 20_000 });
    await successDialog(ctx.page).getByRole("button", { name: "Dismiss" }).click();
    // What the page read before stays; the new stake comes from the chain: the list is whole.
    await expect(rows(ctx.page)).toHaveCount(4, { timeout: 20_000 });
    await expect(rows(ctx.page).first()).toContainText("Stake120.0000 POO");
    await expect(activity(ctx.page)).not.toContainText(ACTIVITY_INCOMPLETE_TEXT);

    meter.reset();
    await ctx.page.reload();
    await waitForFiguresLoaded(ctx.page);
    await expect(activity(ctx.page).getByText(ACTIVITY_INCOMPLETE_TEXT)).toBeVisible({ timeout: 20_000 });
    await expect(rows(ctx.page)).toHaveCount(1);
    await expect(rows(ctx.page).first()).toContainText("Stake120.0000 POO");
    await expect(stakeButton(ctx.page)).toBeEnabled();
    const requests = meter.requests();
    // The indexer (timed out), eth_blockNumber, one eth_getLogs, the new stake's block time.
    expect(requests.length, requests.join(", ")).toBeLessThanOrEqual(MAX_ACTIVITY_REQUESTS + 1);
    console.log(`[activity] reload with the indexer stopped: ${requests.join(", ")}`);
  } finally {
    process.kill(indexer.pid, "SIGCONT");
    // Left in step with the chain before the fixture reverts it, so the next spec starts from an
    // indexer that is following the chain.
    await indexerCaughtUp(ctx);
  }
}

/**
 * Waits (60 s at most) until the indexer is within 2 blocks of the chain's head, as the site serves
 * it (blocks keep coming on the Sepolia look-alike; after SIGCONT Ponder first retries, with backoff,
 * the requests that timed out while it was stopped).
 */
async function indexerCaughtUp(ctx: ActivityHistoryContext): Promise<void> {
  const { chainId } = ctx.stack.deployment;
  await expect
    .poll(
      async () => {
        const head = await ctx.chain.publicClient.getBlockNumber();
        const response = await fetch(`${ctx.stack.webUrl}/indexer/head?chainId=${chainId}`).catch(
          () => undefined,
        );
        const body = (await response?.json().catch(() => undefined)) as
          { indexedTo?: { block: string } | null } | undefined;
        return body?.indexedTo ? BigInt(body.indexedTo.block) + 2n >= head : false;
      },
      { timeout: 60_000, message: "the indexer catches up with the chain" },
    )
    .toBe(true);
}

/**
 * A reorganised block: a stake (sent to the node by the test) is listed, then the chain is reverted
 * to before it and other blocks are mined at the same heights: its entry leaves the list.
 */
export async function reorganisedStakeFlow(ctx: ActivityHistoryContext): Promise<void> {
  const account = ctx.stack.accounts[3]!;
  await openAs(ctx, account);
  await expect(activity(ctx.page).getByText(/No stakes, unstakes or rewards/)).toBeVisible({
    timeout: 15_000,
  });
  const snapshot = await ctx.chain.snapshot();
  const wallet = createWalletClient({
    chain: ctx.chain.publicClient.chain!,
    transport: http(ctx.stack.chainUrl),
    account,
  });
  const { pooToken, staking } = ctx.stack.contracts;
  const amount = parseEther("130");
  const mined = async (hash: `0x${string}`) => {
    if (ctx.stack.deployment.chainId !== 31337) await ctx.chain.mine();
    await ctx.chain.publicClient.waitForTransactionReceipt({ hash });
  };
  await mined(
    await wallet.writeContract({
      address: pooToken,
      abi: erc20Abi,
      functionName: "approve",
      args: [staking, amount],
    }),
  );
  const stakeHash = await wallet.writeContract({
    address: staking,
    abi: specStakingAbi,
    functionName: "stake",
    args: [amount],
  });
  await mined(stakeHash);
  await expect(rows(ctx.page)).toHaveCount(1, { timeout: 20_000 });
  await expect(rows(ctx.page).first()).toHaveAttribute("data-hash", stakeHash);

  await ctx.chain.revert(snapshot);
  await ctx.chain.mine(3); // other blocks at the stake's height and past it
  await expect(rows(ctx.page)).toHaveCount(0, { timeout: 20_000 });
  await expect(activity(ctx.page).getByText(/No stakes, unstakes or rewards/)).toBeVisible();
  await indexerCaughtUp(ctx);
}
