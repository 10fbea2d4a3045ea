import { decodeFunctionData, parseEther } from "viem";
import { pooTokenAbi, referenceStakingAbi } from "../../src/adapters/chain/abis.generated";
import { expect, SEPOLIA_BLOCK_TIME_MS, test } from "../fixtures/sepolia";
import { setPoolPaused } from "../support/referencePool";
import {
  approveFromTest,
  errorDialog,
  explorerLink,
  myStakePanel,
  pooAmount,
  processingOverlay,
  readChainFigures,
  stakeButton,
  storedTransactions,
  submitStake,
  successDialog,
  waitForFiguresLoaded,
} from "../support/stakePage";

const STAKE = parseEther("150");
const EXPLORER = "https://sepolia.etherscan.io";
const SEPOLIA = 11155111;

test.describe("Sepolia mode: staking", () => {
  test.beforeEach(async ({ page, wallet }) => {
    // Account 0 owns the pool; the user is account 1 (1,000,000 POO).
    await wallet.switchAccount(1);
    await page.goto("/");
  });

  test.describe("with 12-second blocks", () => {
    test.use({ blockTimeMs: SEPOLIA_BLOCK_TIME_MS });

    test("stake with approval: each pending step says what it waits for and links it on Sepolia's explorer", async ({
      page,
      wallet,
      stack,
      chain,
      connectWallet,
    }) => {
      const account = await connectWallet(page);
      await waitForFiguresLoaded(page);
      const held = await wallet.holdNext("eth_sendTransaction");
      await submitStake(page, "150");

      const overlay = processingOverlay(page);
      await expect(overlay).toContainText("Approving POO…");
      await expect(overlay).toContainText("Confirm the approval of this quantity in your wallet.");
      await held.approve();
      const approval = await wallet.confirmTransaction();
      await expect(overlay).toContainText("Waiting for the approval to be confirmed…");
      await expect(explorerLink(overlay)).toHaveAttribute("href", `${EXPLORER}/tx/${approval.hash}`);

      const stake = await wallet.confirmTransaction({ timeoutMs: 30_000 });
      await expect(overlay).toContainText("Staking POO…");
      await expect(overlay).toContainText("Waiting for the stake to be confirmed…");
      await expect(explorerLink(overlay)).toHaveAttribute("href", `${EXPLORER}/tx/${stake.hash}`);

      const success = successDialog(page);
      await expect(success).toContainText("Stake successful", { timeout: 30_000 });
      await expect(explorerLink(success)).toHaveAttribute("href", `${EXPLORER}/tx/${stake.hash}`);
      await expect(explorerLink(success)).toHaveAttribute("target", "_blank");

      // Exactly approve(staking, 150) then stake(150), from the connected account, mined in order.
      const sent = await wallet.sentTransactions();
      expect(sent.map((t) => [t.from, t.to?.toLowerCase()])).toEqual([
        [account, stack.contracts.pooToken.toLowerCase()],
        [account, stack.contracts.staking.toLowerCase()],
      ]);
      expect(decodeFunctionData({ abi: pooTokenAbi, data: approval.data! })).toEqual({
        functionName: "approve",
        args: [stack.contracts.staking, STAKE],
      });
      expect(decodeFunctionData({ abi: referenceStakingAbi, data: stake.data! })).toEqual({
        functionName: "stake",
        args: [STAKE],
      });
      const [approvalReceipt, stakeReceipt] = await Promise.all(
        [approval.hash, stake.hash].map((hash) => chain.publicClient.getTransactionReceipt({ hash })),
      );
      expect(approvalReceipt!.status).toBe("success");
      expect(stakeReceipt!.status).toBe("success");
      expect(stakeReceipt!.blockNumber).toBeGreaterThan(approvalReceipt!.blockNumber);

      expect(await storedTransactions(page, SEPOLIA, account)).toMatchObject([
        { hash: stake.hash, description: "Stake 150 POO", status: "confirmed" },
        { hash: approval.hash, description: "Approve 150 POO", status: "confirmed" },
      ]);
      await success.getByRole("button", { name: "Dismiss" }).click();
      expect((await readChainFigures(chain, stack, account)).stakedAmount).toBe(STAKE);
      await expect(pooAmount(page, "Staked")).toHaveText("150 POO", { timeout: 30_000 });
    });
  });

  test("with enough allowance, sends only the stake and links it", async ({
    page,
    wallet,
    stack,
    chain,
    connectWallet,
  }) => {
    const account = stack.accounts[1]!;
    await approveFromTest(chain, stack, account, parseEther("1000"));
    await connectWallet(page);
    await waitForFiguresLoaded(page);
    await submitStake(page, "150");
    const stake = await wallet.confirmTransaction();
    const success = successDialog(page);
    await expect(success).toContainText("Stake successful");
    await expect(explorerLink(success)).toHaveAttribute("href", `${EXPLORER}/tx/${stake.hash}`);
    expect(await wallet.sentTransactions()).toHaveLength(1);
    const onChain = await readChainFigures(chain, stack, account);
    expect(onChain.stakedAmount).toBe(STAKE);
    expect(onChain.allowance).toBe(parseEther("850"));
  });

  test("a rejection in the wallet: Error, nothing sent", async ({
    page,
    wallet,
    stack,
    chain,
    connectWallet,
  }) => {
    const account = await connectWallet(page);
    await waitForFiguresLoaded(page);
    const nonce = await chain.publicClient.getTransactionCount({ address: account });
    await wallet.rejectNext("eth_sendTransaction");
    await submitStake(page, "150");
    await expect(errorDialog(page)).toContainText("You rejected the request in your wallet.");
    expect(await wallet.sentTransactions()).toEqual([]);
    expect(await chain.publicClient.getTransactionCount({ address: account })).toBe(nonce);
    expect((await readChainFigures(chain, stack, account)).allowance).toBe(0n);
  });

  test("the stake rejected after its approval: the approval is settled as confirmed, never left pending", async ({
    page,
    wallet,
    connectWallet,
  }) => {
    const account = await connectWallet(page);
    await waitForFiguresLoaded(page);
    await submitStake(page, "150");
    const approval = await wallet.confirmTransaction();
    await wallet.rejectNext("eth_sendTransaction");
    await expect(errorDialog(page)).toContainText("You rejected the request in your wallet.");
    expect(await wallet.sentTransactions()).toHaveLength(1);
    expect(await storedTransactions(page, SEPOLIA, account)).toMatchObject([
      { hash: approval.hash, description: "Approve 150 POO", status: "confirmed" },
    ]);
  });

  test("a require revert (the owner paused the pool mid-flow) is said in the contract's words; the stake is not sent", async ({
    page,
    wallet,
    stack,
    chain,
    connectWallet,
  }) => {
    const account = await connectWallet(page);
    await waitForFiguresLoaded(page);
    const held = await wallet.holdNext("eth_sendTransaction");
    await submitStake(page, "150");
    await held.request();
    await setPoolPaused(chain, stack, true); // while the user looks at the approval in the wallet
    await held.approve();
    await wallet.confirmTransaction();

    const error = errorDialog(page);
    await expect(error).toContainText("The contract refused the transaction: Staking is paused.");
    // Only the approval went out; the stake was refused by the simulation, never sent.
    expect((await wallet.sentTransactions()).map((t) => t.to?.toLowerCase())).toEqual([
      stack.contracts.pooToken.toLowerCase(),
    ]);
    expect((await readChainFigures(chain, stack, account)).stakedAmount).toBe(0n);
  });

  test("a paused pool: Stake says so and is disabled, nothing is sent; it reopens when unpaused", async ({
    page,
    wallet,
    stack,
    chain,
    connectWallet,
  }) => {
    await setPoolPaused(chain, stack, true);
    await connectWallet(page);
    await expect(myStakePanel(page)).toContainText(
      "Staking is paused on this pool for now. Unstaking stays available.",
      { timeout: 30_000 },
    );
    await expect(stakeButton(page)).toBeDisabled();
    await stakeButton(page).click({ force: true });
    await expect(page.getByRole("dialog")).toHaveCount(0);
    expect(await wallet.sentTransactions()).toEqual([]);

    await setPoolPaused(chain, stack, false);
    await expect(stakeButton(page)).toBeEnabled({ timeout: 30_000 });
  });
});
