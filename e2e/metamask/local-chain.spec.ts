import { accountButton, watchCoinbaseSdk } from "../support/connectWallet";
import { connectFromInstalledFlow, disconnectFlow } from "../support/connectionFlows";
import { signInAndOutFlow } from "../support/signInFlows";
import {
  rejectedApprovalFlow,
  stakeWithAllowanceFlow,
  stakeWithApprovalFlow,
  unstakeAfterLockFlow,
  type StakeFlowContext,
} from "../support/stakeFlows";
import { myStakePanel, readChainFigures, waitForFiguresLoaded } from "../support/stakePage";
import { expect, test } from "./fixtures";

// One MetaMask browser for this file (its start, unlock and network add take one to two minutes):
// first the connection flows, which send no transaction, then the staking flows, which rely on the
// chain as deployed when the file starts.

// Flows shared with the injected wallet's specs (e2e/support/*Flows.ts), run with MetaMask. No
// transaction is sent here.
test.describe("MetaMask: connecting, signing in, adding POO", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/");
  });

  test("RainbowKit lists MetaMask under Installed; connecting shows the account in the header", async ({
    page,
    wallet,
    stack,
  }) => {
    expect(await connectFromInstalledFlow(page, wallet)).toBe(stack.accounts[0]);
    expect(await wallet.chainId()).toBe(stack.deployment.chainId);
  });

  test("after a reload, the connection comes back through MetaMask alone: no other wallet's SDK is fetched", async ({
    page,
    connectWallet,
  }) => {
    const address = await connectWallet(page);
    const coinbaseSdk = watchCoinbaseSdk(page);
    await page.reload();
    await expect(accountButton(page, address)).toBeVisible();
    await coinbaseSdk.settled();
    expect(coinbaseSdk.paths).toEqual([]);
  });

  test("disconnects from the account modal", async ({ page, connectWallet }) => {
    await disconnectFlow(page, connectWallet);
  });

  test("Sign-In with Ethereum: MetaMask's sign-in request, then a session for the account", async ({
    page,
    wallet,
    stack,
    connectWallet,
  }) => {
    const address = await connectWallet(page);
    await signInAndOutFlow(page, wallet, address, stack.deployment.chainId);
  });

  test("Add POO to wallet: MetaMask asks, then lists POO with the chain's balance", async ({
    page,
    wallet,
    stack,
    chain,
    connectWallet,
  }) => {
    const account = await connectWallet(page);
    await waitForFiguresLoaded(page);
    const panel = myStakePanel(page);

    await panel.getByRole("button", { name: "Add POO to wallet" }).click();
    await wallet.approveWatchAsset();
    await expect(panel.getByText("POO is in your wallet.")).toBeVisible();

    const { pooBalance } = await readChainFigures(chain, stack, account);
    const chainPoo = Number(pooBalance / 10n ** 18n); // whole POO on the local chain
    // Each look loads MetaMask's home screen afresh (tens of seconds on a busy machine). MetaMask
    // shortens large balances ("1.00M POO"): compare at the precision it shows.
    await expect
      .poll(async () => (await wallet.listedTokens()).find((text) => / POO$/.test(text)), {
        timeout: 120_000,
      })
      .toMatch(/ POO$/);
    const listed = (await wallet.listedTokens()).find((text) => / POO$/.test(text)) ?? "";
    const match = /^([\d,]+(?:\.(\d+))?)([KMB]?) POO$/.exec(listed);
    expect(match, `MetaMask lists POO as "${listed}"`).not.toBeNull();
    const scale = { "": 1, K: 1e3, M: 1e6, B: 1e9 }[match?.[3] ?? ""] ?? 1;
    const shownPoo = Number((match?.[1] ?? "").replaceAll(",", "")) * scale;
    const halfLastDigit = 0.5 * 10 ** -(match?.[2]?.length ?? 0) * scale;
    expect(Math.abs(shownPoo - chainPoo)).toBeLessThanOrEqual(halfLastDigit);
  });
});

/** MetaMask's screens take seconds each, on top of the app's own wait. */
const walletTimeoutMs = 60_000;

// The injected wallet's staking flows (e2e/support/stakeFlows.ts), clicked through in MetaMask. The chain is as deployed when this file starts and is never reverted under
// MetaMask (it keeps nonces and the blocks it saw), so the order matters: the rejection first
// (nothing sent, nothing staked), the unstake (it stakes from the test, jumps past the lock and ends
// with nothing staked and no allowance), the stake with approval (two confirmations), then a stake
// with 1,000 POO already approved (one confirmation).
// A failed test restarts the worker: the next test then starts on a fresh stack and MetaMask.
const flows: ReadonlyArray<{
  readonly title: string;
  readonly flow: (context: StakeFlowContext) => Promise<void>;
  /** Opens the app first (the unstake flow stakes from the test, then opens it itself). */
  readonly openApp: boolean;
}> = [
  {
    title: "rejecting the spending cap in MetaMask shows the app's Error and sends nothing",
    flow: rejectedApprovalFlow,
    openApp: true,
  },
  {
    title: "unstake after the lock (a time jump on the chain): one confirmation, POO back, CRAP paid",
    flow: unstakeAfterLockFlow,
    openApp: false,
  },
  {
    title: "approves exactly the quantity, then stakes it (two confirmations); figures equal the chain",
    flow: stakeWithApprovalFlow,
    openApp: true,
  },
  {
    title: "with enough allowance already granted, MetaMask confirms only the stake",
    flow: stakeWithAllowanceFlow,
    openApp: true,
  },
];

test.describe("MetaMask: staking and unstaking", () => {
  for (const { title, flow, openApp } of flows) {
    test(title, async ({ page, wallet, stack, chain, connectWallet }) => {
      if (openApp) await page.goto("/");
      await flow({ page, wallet, stack, chain, connectWallet, walletTimeoutMs });
    });
  }
});
