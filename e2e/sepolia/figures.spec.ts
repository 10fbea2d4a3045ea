import { parseEther } from "viem";
import { referenceStakingAbi } from "../../src/adapters/chain/abis.generated";
import { formatTokenAmount } from "../../src/domain/displayFormat";
import { expect, test } from "../fixtures/sepolia";
import { afterNextFrame } from "../support/connectWallet";
import {
  figureValue,
  myStakePanel,
  pooAmount,
  readChainFigures,
  stakeFromTest,
  unstakeButton,
  waitForFiguresLoaded,
  shownUnlockTime,
} from "../support/stakePage";

test.describe("Sepolia mode: the spec's contract interface, read through the site's gateway", () => {
  test("connects on chain 11155111 and shows exactly the chain's figures, every read through the gateway", async ({
    page,
    wallet,
    stack,
    chain,
    connectWallet,
    providerRpc,
    publicRpc,
  }) => {
    expect(stack.deployment.chainId).toBe(11155111);
    const account = stack.accounts[1]!;
    await wallet.switchAccount(1);
    await stakeFromTest(chain, stack, account, parseEther("150"));

    providerRpc.reset();
    publicRpc.reset();
    // The page's clock, so that its timers can be run forward below (time flows until then).
    await page.clock.install();
    await page.goto("/");
    expect(await connectWallet(page)).toBe(account);
    await waitForFiguresLoaded(page);
    // Through the API's gateway: its first provider is a closed port, so its second (this proxy) was
    // asked, in one eth_call per snapshot.
    expect(providerRpc.methods).toContain("eth_call");

    // Freeze the chain, then the panel must show exactly what the contracts answer at its head.
    await chain.setBlockTime(0);
    await chain.mine();
    const onChain = await readChainFigures(chain, stack, account);
    expect(onChain.rewards).toBeGreaterThan(0n);
    await expect(figureValue(page, "Your Rewards")).toHaveText(formatTokenAmount(onChain.rewards));
    await expect(figureValue(page, "CRAP balance")).toHaveText(
      `${formatTokenAmount(onChain.crapBalance)} CRAP`,
    );
    await expect(pooAmount(page, "Staked")).toHaveAttribute("title", "150.0000 POO");
    await expect(pooAmount(page, "Available")).toHaveAttribute("title", "999,850.0000 POO");

    // Pool figures from ERC-20 alone: the POO the pool holds; no rate, so no reward rate and no APR.
    // Only this stake: the stack's aged stake (another account's) was unstaked long ago.
    await expect(page.getByTestId("pool-staked")).toHaveText(/^150 POO \$/);
    await expect(page.getByTestId("pool-reward-rate")).toHaveCount(0);
    await expect(page.getByTestId("pool-apr")).toHaveCount(0);
    // The activity list works with the spec's interface too (the indexer and the chain's newest blocks).
    await expect(page.getByTestId("activity").getByRole("listitem")).toHaveCount(1, { timeout: 15_000 });
    await expect(page.getByTestId("activity").getByRole("listitem")).toContainText("Stake150.0000 POO");

    // Without the optional reads (no reward rate) the rewards do not count up between reads.
    // The page's timers of the next 5 s (its one-second ticks among them) run now; no block is mined.
    const shown = await figureValue(page, "Your Rewards").innerText();
    await page.clock.runFor(5_000);
    await afterNextFrame(page);
    await expect(figureValue(page, "Your Rewards")).toHaveText(shown);

    // The unlock moment comes from the interface alone: stakedTime + MIN_STAKE_DURATION.
    const stakedTime = await chain.publicClient.readContract({
      address: stack.contracts.staking,
      abi: referenceStakingAbi,
      functionName: "stakedTime",
      args: [account],
    });
    const unlocksAtMs = Number(stakedTime + BigInt(stack.deployment.minStakeDuration!)) * 1000;
    const expectedWhen = await shownUnlockTime(page, unlocksAtMs);
    await expect(myStakePanel(page).getByText(/^Unstaking possible from /)).toContainText(
      `Unstaking possible from ${expectedWhen}`,
    );
    await expect(unstakeButton(page)).toBeDisabled();
    // Every read of the visit (snapshots, activity, block times) went through the gateway: the
    // browser never needed its public RPC.
    expect(publicRpc.methods).toEqual([]);
  });

  test("reads straight from the public RPC when the site's gateway does not answer", async ({
    page,
    wallet,
    stack,
    chain,
    connectWallet,
    providerRpc,
    publicRpc,
  }) => {
    const account = stack.accounts[1]!;
    await wallet.switchAccount(1);
    await stakeFromTest(chain, stack, account, parseEther("150"));
    await page.route("**/api/rpc/**", (route) => route.abort("connectionrefused"));
    providerRpc.reset();
    publicRpc.reset();
    await page.goto("/");
    expect(await connectWallet(page)).toBe(account);
    await waitForFiguresLoaded(page);
    await expect(pooAmount(page, "Staked")).toHaveAttribute("title", "150.0000 POO");
    await expect(page.getByTestId("activity").getByRole("listitem")).toHaveCount(1);
    expect(publicRpc.methods).toContain("eth_call");
    expect(publicRpc.methods).toContain("eth_getLogs");
    expect(providerRpc.methods).not.toContain("eth_call");
  });
});
