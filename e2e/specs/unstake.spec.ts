import { decodeFunctionData, parseEther } from "viem";
import { stakingAbi } from "../../src/adapters/chain/abis.generated";
import { formatTokenAmount } from "../../src/domain/displayFormat";
import { expect, test } from "../fixtures/app";
import {
  figureValue,
  pooAmount,
  myStakePanel,
  readChainFigures,
  stakeFromTest,
  successDialog,
  unstakeButton,
  waitForFiguresLoaded,
} from "../support/stakePage";

const STAKE = parseEther("150");
/** Local MIN_STAKE_DURATION. */
const MIN_STAKE_DURATION_S = 86_400;

test.describe("unstaking from the My Stake panel", () => {
  test("is locked before the minimum duration (saying from when), then withdraws the stake and pays CRAP", async ({
    page,
    wallet,
    stack,
    chain,
    connectWallet,
  }) => {
    const account = stack.accounts[0];
    if (!account) throw new Error("the stack has no account 0");
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
    const expectedWhen = await page.evaluate((ms) => {
      const shown = new Date(Math.ceil(ms / 60_000) * 60_000);
      return new Intl.DateTimeFormat(undefined, {
        day: "numeric",
        month: "short",
        year: "numeric",
        hour: "2-digit",
        minute: "2-digit",
      }).format(shown);
    }, unlocksAtMs);
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

    await unstakeButton(page).click();
    const withdraw = await wallet.confirmTransaction();
    const success = successDialog(page);
    await expect(success).toBeVisible({ timeout: 15_000 });
    await expect(success).toContainText("Unstake successful");
    await expect(success.getByTitle(withdraw.hash)).toBeVisible();

    const sent = await wallet.sentTransactions();
    expect(sent).toHaveLength(1);
    expect(withdraw.to?.toLowerCase()).toBe(stack.contracts.staking.toLowerCase());
    expect(decodeFunctionData({ abi: stakingAbi, data: withdraw.data ?? "0x" }).functionName).toBe(
      "withdraw",
    );

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
  });
});
