import { parseEther } from "viem";
import { expect, test } from "../fixtures/sepolia";
import { errorDialog, readChainFigures, submitStake, waitForFiguresLoaded } from "../support/stakePage";

test.describe("Sepolia mode: the wallet changes mid-flow", () => {
  test.beforeEach(async ({ page, wallet }) => {
    await wallet.switchAccount(1);
    await page.goto("/");
  });

  test("switching account while the approval is pending stops the flow: nothing is sent from the new account", async ({
    page,
    wallet,
    stack,
    chain,
    connectWallet,
  }) => {
    const account = await connectWallet(page);
    await waitForFiguresLoaded(page);
    const other = stack.accounts[2]!;
    const otherNonce = await chain.publicClient.getTransactionCount({ address: other });

    await chain.setBlockTime(0); // the approval waits in the mempool while the user switches
    await submitStake(page, "150");
    const approval = await wallet.confirmTransaction();
    await wallet.switchAccount(2);
    await chain.setBlockTime(2_000);

    const error = errorDialog(page);
    await expect(error).toContainText(
      "Your wallet switched to another account (0x3C44…93BC) during this action. Nothing was sent from it: switch back to 0x7099…79C8 and try again.",
    );
    expect((await wallet.sentTransactions()).map((t) => t.hash)).toEqual([approval.hash]);
    expect(approval.from).toBe(account);
    expect(await chain.publicClient.getTransactionCount({ address: other })).toBe(otherNonce);
    // The approval itself went through, from the account the flow was checked for; no stake anywhere.
    const figures = await readChainFigures(chain, stack, account);
    expect(figures.allowance).toBe(parseEther("150"));
    expect(figures.stakedAmount).toBe(0n);
    expect((await readChainFigures(chain, stack, other)).stakedAmount).toBe(0n);
  });

  test("switching network while the approval is pending stops the flow before the stake", async ({
    page,
    wallet,
    stack,
    chain,
    connectWallet,
  }) => {
    const account = await connectWallet(page);
    await waitForFiguresLoaded(page);
    await chain.setBlockTime(0);
    await submitStake(page, "150");
    const approval = await wallet.confirmTransaction();
    await wallet.switchChain(1);
    await chain.setBlockTime(2_000);

    await expect(errorDialog(page)).toContainText(
      "Your wallet switched to another network during this action. Nothing more was sent: switch back to the network you started on and try again.",
    );
    expect((await wallet.sentTransactions()).map((t) => t.hash)).toEqual([approval.hash]);
    // The approval's receipt was awaited on Sepolia, where it was sent, and settled there.
    const receipt = await chain.publicClient.getTransactionReceipt({ hash: approval.hash });
    expect(receipt.status).toBe("success");
    expect((await readChainFigures(chain, stack, account)).stakedAmount).toBe(0n);
  });
});
