import { encodeFunctionData, formatEther, parseEther, type Address, type Hash } from "viem";
import { pooTokenAbi, stakingAbi } from "../../src/adapters/chain/abis.generated";
import { formatTokenAmount } from "../../src/domain/displayFormat";
import { expect, test } from "../fixtures/app";
import type { ChainClients } from "../support/chainClients";
import type { E2eStack } from "../support/e2eStack";
import {
  enterButton,
  myStakePanel,
  quantityInput,
  stakeButton,
  stakeDialog,
  stakeFromTest,
  successDialog,
  unstakeButton,
  waitForFiguresLoaded,
} from "../support/stakePage";

const STAKE = parseEther("150");
const FEE = /Network fee: about ([\d.]+) ETH for the approval and the stake \(two transactions\)\./;

/** What the transactions cost: gas used at the price each was mined at. */
async function paid(chain: ChainClients, hashes: readonly Hash[]): Promise<bigint> {
  const receipts = await Promise.all(
    hashes.map((hash) => chain.publicClient.getTransactionReceipt({ hash })),
  );
  return receipts.reduce((sum, receipt) => sum + receipt.gasUsed * receipt.effectiveGasPrice, 0n);
}

/**
 * The gas an approval and the stake after it use, measured by the test itself: sent from the node's
 * unlocked account on a snapshot of the chain, then undone.
 */
async function gasOfApproveThenStake(
  chain: ChainClients,
  stack: E2eStack,
  account: Address,
): Promise<{ approve: bigint; stake: bigint }> {
  const snapshot = await chain.snapshot();
  try {
    const send = async (to: Address, data: `0x${string}`): Promise<bigint> => {
      const hash = await chain.testClient.request({
        method: "eth_sendTransaction",
        params: [{ from: account, to, data }],
      } as never);
      return (await chain.publicClient.waitForTransactionReceipt({ hash: hash as Hash })).gasUsed;
    };
    const approve = await send(
      stack.contracts.pooToken,
      encodeFunctionData({
        abi: pooTokenAbi,
        functionName: "approve",
        args: [stack.contracts.staking, STAKE],
      }),
    );
    const stake = await send(
      stack.contracts.staking,
      encodeFunctionData({ abi: stakingAbi, functionName: "stake", args: [STAKE] }),
    );
    return { approve, stake };
  } finally {
    await chain.revert(snapshot);
  }
}

test.describe("the network fee before Enter", () => {
  test.beforeEach(async ({ page, wallet }) => {
    await wallet.switchAccount(1);
    await page.goto("/");
  });

  test("is the fee of the approval and the stake, about what they then cost", async ({
    page,
    wallet,
    chain,
    connectWallet,
  }) => {
    await connectWallet(page);
    await waitForFiguresLoaded(page);
    await stakeButton(page).click();
    const dialog = stakeDialog(page);
    await quantityInput(page).fill("150");
    await expect(dialog).toContainText(FEE);
    // Nothing quoted for a quantity Enter would refuse: the fee line goes once the dialog says why,
    // and comes back with a valid quantity.
    await quantityInput(page).fill("50");
    await expect(dialog).toContainText("The minimum stake is 100 POO.");
    await expect(dialog).not.toContainText("Network fee");
    await quantityInput(page).fill("150");
    await expect(dialog).toContainText(FEE);
    const shown = parseEther(FEE.exec((await dialog.textContent()) ?? "")![1]!);
    await expect(enterButton(page)).toBeEnabled();

    await enterButton(page).click();
    const approval = await wallet.confirmTransaction();
    const stake = await wallet.confirmTransaction();
    await expect(successDialog(page)).toContainText("Stake successful", { timeout: 15_000 });
    const cost = await paid(chain, [approval.hash, stake.hash]);
    // The quote is the gas of both at the fee per gas of the block it was read at; each transaction
    // then went into its own block, whose base fee moved a little.
    expect(shown, `shown ${formatEther(shown)} ETH, paid ${formatEther(cost)} ETH`).toBeGreaterThanOrEqual(
      (cost * 90n) / 100n,
    );
    expect(shown, `shown ${formatEther(shown)} ETH, paid ${formatEther(cost)} ETH`).toBeLessThanOrEqual(
      (cost * 150n) / 100n,
    );
  });

  test("when the account's ETH cannot cover it, says so and Enter stays disabled; a new block reads it again", async ({
    page,
    wallet,
    stack,
    chain,
    connectWallet,
  }) => {
    const account = await wallet.activeAccount();
    const gas = await gasOfApproveThenStake(chain, stack, account);
    const block = await chain.publicClient.getBlock({ blockTag: "latest" });
    const tip = BigInt(await chain.publicClient.request({ method: "eth_maxPriorityFeePerGas" }));
    const capPerGas = 2n * block.baseFeePerGas! + tip;
    // Enough for the stake alone with room to spare, not for the approval and the stake.
    const balance = ((gas.approve + gas.stake) * capPerGas * 90n) / 100n;
    expect(balance).toBeGreaterThan((gas.stake * capPerGas * 105n) / 100n);
    await chain.testClient.setBalance({ address: account, value: balance });
    await chain.mine(); // a block of its own: the gateway serves reads per block (launch-whitelist.spec.ts)

    await connectWallet(page);
    await waitForFiguresLoaded(page);
    await stakeButton(page).click();
    await quantityInput(page).fill("150");
    const short = stakeDialog(page).getByRole("alert");
    await expect(short).toContainText(FEE);
    await expect(short).toContainText(
      `Not enough ETH to pay it: this account holds ${formatTokenAmount(balance, 18, 6)} ETH`,
    );
    await expect(enterButton(page)).toBeDisabled();
    await quantityInput(page).press("Enter");
    await expect(stakeDialog(page)).toBeVisible();
    expect(await wallet.sentTransactions()).toEqual([]);

    // ETH arrives; the next block the page reads brings a new quote, and Enter.
    await chain.testClient.setBalance({ address: account, value: parseEther("10") });
    await chain.mine();
    await expect(enterButton(page)).toBeEnabled({ timeout: 15_000 });
    await expect(stakeDialog(page).getByRole("alert")).toHaveCount(0);
  });

  test("Unstake says its fee while it is available", async ({
    page,
    wallet,
    stack,
    chain,
    connectWallet,
  }) => {
    const account = await wallet.activeAccount();
    await stakeFromTest(chain, stack, account, STAKE);
    await chain.increaseTime(86_400 + 60);
    await connectWallet(page);
    await waitForFiguresLoaded(page);
    await expect(unstakeButton(page)).toBeEnabled({ timeout: 15_000 });
    await expect(myStakePanel(page)).toContainText(/Network fee: about [\d.]+ ETH for the unstake\./);
    await expect(unstakeButton(page)).toHaveAccessibleDescription(
      /Network fee: about [\d.]+ ETH for the unstake\./,
    );
  });
});
