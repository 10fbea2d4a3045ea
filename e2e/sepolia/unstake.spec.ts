import { decodeFunctionData, parseEther } from "viem";
import { referenceStakingAbi } from "../../src/adapters/chain/abis.generated";
import { formatTokenAmount } from "../../src/domain/displayFormat";
import { expect, test } from "../fixtures/sepolia";
import {
  explorerLink,
  figureValue,
  pooAmount,
  readChainFigures,
  stakeFromTest,
  successDialog,
  unstakeButton,
  waitForFiguresLoaded,
} from "../support/stakePage";

test("Sepolia mode: unstake after the lock (a time jump) withdraws the stake, pays CRAP and links the transaction", async ({
  page,
  wallet,
  stack,
  chain,
  connectWallet,
}) => {
  const account = stack.accounts[1]!;
  await wallet.switchAccount(1);
  await stakeFromTest(chain, stack, account, parseEther("150"));
  await page.goto("/");
  await connectWallet(page);
  await waitForFiguresLoaded(page);
  await expect(unstakeButton(page)).toBeDisabled();

  await chain.increaseTime(Number(stack.deployment.minStakeDuration) + 1);
  await expect(unstakeButton(page)).toBeEnabled({ timeout: 30_000 });
  await unstakeButton(page).click();
  const withdraw = await wallet.confirmTransaction();
  expect(decodeFunctionData({ abi: referenceStakingAbi, data: withdraw.data! }).functionName).toBe(
    "withdraw",
  );

  const success = successDialog(page);
  await expect(success).toContainText("Unstake successful");
  await expect(explorerLink(success)).toHaveAttribute(
    "href",
    `https://sepolia.etherscan.io/tx/${withdraw.hash}`,
  );
  await success.getByRole("button", { name: "Dismiss" }).click();

  const onChain = await readChainFigures(chain, stack, account);
  expect(onChain.stakedAmount).toBe(0n);
  expect(onChain.pooBalance).toBe(parseEther("1000000"));
  // A day at 150 POO × 0.0001 CRAP per POO per second: at least 1,296 CRAP.
  expect(onChain.crapBalance).toBeGreaterThanOrEqual(parseEther("1296"));
  await expect(figureValue(page, "CRAP balance")).toHaveText(
    `${formatTokenAmount(onChain.crapBalance)} CRAP`,
    {
      timeout: 30_000,
    },
  );
  await expect(pooAmount(page, "Staked")).toHaveText("0 POO");
});
