import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { createConfig } from "@wagmi/core";
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  http,
  parseAbiItem,
  parseEther,
} from "viem";
import { ChainContracts } from "../../src/adapters/chain/ChainContracts.ts";
import { erc20Abi, specStakingAbi } from "../../src/adapters/chain/specStakingAbi.ts";
import { ViemStakeActivitySource } from "../../src/adapters/chain/ViemStakeActivitySource.ts";
import { toAddress } from "../../src/domain/address.ts";
import { startCountingProxy, startLocalChain, type CountingProxy, type LocalChain } from "./localChain.ts";

const ACCOUNT = toAddress("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
const OTHER = toAddress("0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC");
const CHAIN_ID = 31337;
const MAX_LOG_RANGE = 8; // what the proxy serves per eth_getLogs
const transferEvent = parseAbiItem("event Transfer(address indexed from, address indexed to, uint256 value)");

const chainOn = (url: string) =>
  defineChain({
    id: CHAIN_ID,
    name: "POO Local",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [url] } },
  });

// The spec's interface only: the reference pool has no optional reads, and the activity needs none.
describe("staking activity from Transfer events (ReferenceStaking, capped eth_getLogs)", () => {
  let local: LocalChain;
  let proxy: CountingProxy;

  before(async () => {
    local = await startLocalChain("ReferenceStaking");
    proxy = await startCountingProxy(local.url, { maxLogRange: MAX_LOG_RANGE });
  });
  after(async () => {
    await proxy.close();
    await local.close();
  });

  it("lists the account's stake, unstake and CRAP payout, the whole history, through a provider that refuses wide ranges", async () => {
    const chain = chainOn(local.url);
    const transport = http(local.url);
    const publicClient = createPublicClient({ chain, transport });
    const testClient = createTestClient({ chain, transport, mode: "hardhat" });
    const { pooToken, crapToken, staking } = local.deployment;
    const wallet = (account: `0x${string}`) => createWalletClient({ chain, transport, account });
    const mined = async (hash: `0x${string}`) => {
      const receipt = await publicClient.waitForTransactionReceipt({ hash });
      assert.equal(receipt.status, "success");
      return receipt;
    };
    const stakeOf = async (account: `0x${string}`, amount: bigint) => {
      await mined(
        await wallet(account).writeContract({
          address: pooToken,
          abi: erc20Abi,
          functionName: "approve",
          args: [staking, amount],
        }),
      );
      return mined(
        await wallet(account).writeContract({
          address: staking,
          abi: specStakingAbi,
          functionName: "stake",
          args: [amount],
        }),
      );
    };

    const staked = await stakeOf(ACCOUNT, parseEther("150"));
    await stakeOf(OTHER, parseEther("200")); // someone else's: not listed
    await testClient.mine({ blocks: 40 }); // blocks between, so the scan needs many ranges
    await testClient.increaseTime({ seconds: Number(local.deployment.minStakeDuration) + 60 });
    await testClient.mine({ blocks: 1 });
    const withdrawn = await mined(
      await wallet(ACCOUNT).writeContract({
        address: staking,
        abi: specStakingAbi,
        functionName: "withdraw",
      }),
    );

    const config = createConfig({
      chains: [chain],
      transports: { [CHAIN_ID]: http(proxy.url, { retryCount: 0 }) },
    });
    const contracts = new ChainContracts(
      config,
      new Map([
        [
          CHAIN_ID,
          {
            pooToken: toAddress(pooToken),
            crapToken: toAddress(crapToken),
            staking: toAddress(staking),
            deployBlock: BigInt(local.deployment.deployBlock),
          },
        ],
      ]),
    );
    // Asks for 64 blocks at a time; the proxy serves 8, so the range is halved three times.
    const source = new ViemStakeActivitySource(config, contracts, 64n);
    proxy.reset();
    const { entries: activity } = await source.loadActivity(ACCOUNT, CHAIN_ID);
    assert.ok(proxy.refusedLogRanges >= 3, `refused ${proxy.refusedLogRanges}`);

    // What the node itself says, in one uncapped request.
    const reward = await publicClient.getLogs({
      address: crapToken,
      event: transferEvent,
      args: { from: staking, to: ACCOUNT },
      fromBlock: 0n,
    });
    assert.equal(reward.length, 1);
    assert.ok(reward[0]!.args.value! > 0n);
    assert.deepEqual(
      activity.map((e) => [e.kind, e.amount, e.hash, e.blockNumber]),
      [
        ["reward", reward[0]!.args.value, withdrawn.transactionHash, withdrawn.blockNumber],
        ["unstake", parseEther("150"), withdrawn.transactionHash, withdrawn.blockNumber],
        ["stake", parseEther("150"), staked.transactionHash, staked.blockNumber],
      ],
    );
    const block = await publicClient.getBlock({ blockNumber: staked.blockNumber });
    assert.deepEqual(activity[2]!.timestamp, new Date(Number(block.timestamp) * 1000));

    // A refresh reads only the blocks since (and a few before), and finds a new stake.
    const again = await stakeOf(ACCOUNT, parseEther("120"));
    proxy.reset();
    const { entries: refreshed } = await source.loadActivity(ACCOUNT, CHAIN_ID);
    assert.deepEqual(refreshed[0] && [refreshed[0].kind, refreshed[0].hash], [
      "stake",
      again.transactionHash,
    ]);
    assert.equal(refreshed.length, 4);
    // The 8-block range learnt in the first scan is kept: no refusal this time.
    assert.equal(proxy.refusedLogRanges, 0);
    assert.ok(proxy.methods.filter((m) => m === "eth_getLogs").length <= 3, proxy.methods.join(","));
  });
});
