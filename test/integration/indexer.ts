import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  http as httpTransport,
  parseAbi,
  parseEther,
  type Hex,
} from "viem";
import { startIndexer, type RunningIndexer } from "../../scripts/lib/startIndexer.ts";
import { writeDeployment } from "../../scripts/lib/writeDeployment.ts";
import { erc20Abi, specStakingAbi } from "../../src/adapters/chain/specStakingAbi.ts";
import { startLocalChain, type LocalChain } from "./localChain.ts";
import { freePort } from "./freePort.ts";

const ACCOUNT = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const OTHER = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const OWNER = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"; // deployed the contracts, holds CRAP
const CHAIN_ID = 31337;

interface ActivityAnswer {
  indexedTo: { block: string; timestamp: number } | null;
  truncated: boolean;
  entries: Array<{
    kind: string;
    amount: string;
    transactionHash: Hex;
    blockNumber: string;
    logIndex: number;
    timestamp: number;
  }>;
}

// The handlers on the simulated chain through the indexer's own route: what Ponder stored, read the
// way the app reads it. One chain and one indexer for the file (Ponder takes seconds to start).
describe("the indexer (Ponder) on the simulated chain", () => {
  let local: LocalChain;
  let indexer: RunningIndexer;
  let deploymentsDir: string;

  before(async () => {
    local = await startLocalChain("Staking");
    deploymentsDir = mkdtempSync(path.join(tmpdir(), "poo-indexer-test-"));
    writeDeployment(deploymentsDir, local.deployment);
    indexer = await startIndexer({
      rootDir: process.cwd(),
      port: await freePort(),
      chainId: CHAIN_ID,
      chainUrl: local.url,
      deploymentsDir,
      log: (line) => console.log(line),
      waitFor: "ready",
      pollingIntervalMs: 200,
    });
  });
  after(async () => {
    await indexer?.stop();
    await local?.close();
    rmSync(deploymentsDir, { recursive: true, force: true });
  });

  const chain = () =>
    defineChain({
      id: CHAIN_ID,
      name: "POO Local",
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: { default: { http: [local.url] } },
    });
  const clients = () => {
    const transport = httpTransport(local.url);
    return {
      publicClient: createPublicClient({ chain: chain(), transport }),
      testClient: createTestClient({ chain: chain(), transport, mode: "hardhat" }),
      wallet: (account: Hex) => createWalletClient({ chain: chain(), transport, account }),
    };
  };
  const activityOf = async (account: string, query = ""): Promise<ActivityAnswer> => {
    const response = await fetch(`${indexer.url}/activity?chainId=${CHAIN_ID}&account=${account}${query}`);
    assert.equal(response.status, 200, await response.clone().text());
    return (await response.json()) as ActivityAnswer;
  };
  /** The account's activity once the indexer has indexed `block` (polled; 30 s at most). */
  const activityAt = async (account: string, block: bigint): Promise<ActivityAnswer> => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const answer = await activityOf(account);
      if (answer.indexedTo && BigInt(answer.indexedTo.block) >= block) return answer;
      if (Date.now() > deadline)
        throw new Error(`not indexed to block ${block}: ${JSON.stringify(answer.indexedTo)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  it("indexes a stake, an unstake and its reward payout, and no transfer that is none of them", async () => {
    const { publicClient, testClient, wallet } = clients();
    const { pooToken, crapToken, staking } = local.deployment;
    const mined = async (hash: Hex) => {
      const receipt = await publicClient.waitForTransactionReceipt({ hash });
      assert.equal(receipt.status, "success");
      return receipt;
    };
    const transferAbi = parseAbi(["function transfer(address to, uint256 value) returns (bool)"]);
    const write = (
      account: Hex,
      address: Hex,
      abi: typeof erc20Abi | typeof specStakingAbi | typeof transferAbi,
      functionName: string,
      args: unknown[] = [],
    ) =>
      wallet(account)
        .writeContract({ address, abi, functionName, args } as never)
        .then(mined);

    await write(ACCOUNT, pooToken, erc20Abi, "approve", [staking, parseEther("150")]);
    const staked = await write(ACCOUNT, staking, specStakingAbi, "stake", [parseEther("150")]);
    await testClient.increaseTime({ seconds: Number(local.deployment.minStakeDuration) + 60 });
    await testClient.mine({ blocks: 1 });
    const withdrawn = await write(ACCOUNT, staking, specStakingAbi, "withdraw");
    const rewardLog = withdrawn.logs.find((log) => log.address.toLowerCase() === crapToken.toLowerCase());
    assert.ok(rewardLog, "the withdrawal paid CRAP");
    const reward = BigInt(rewardLog.data);
    assert.ok(reward > 0n);
    // None of them: POO between two accounts, and CRAP sent back to the pool by the account.
    await write(ACCOUNT, pooToken, transferAbi, "transfer", [OTHER, parseEther("5")]);
    const last = await write(ACCOUNT, crapToken, transferAbi, "transfer", [staking, reward / 2n]);

    const answer = await activityAt(ACCOUNT, last.blockNumber);
    const stakeBlock = await publicClient.getBlock({ blockNumber: staked.blockNumber });
    const unstakeBlock = await publicClient.getBlock({ blockNumber: withdrawn.blockNumber });
    const unstakeLog = withdrawn.logs.find((log) => log.address.toLowerCase() === pooToken.toLowerCase())!;
    const stakeLog = staked.logs.find((log) => log.address.toLowerCase() === pooToken.toLowerCase())!;
    assert.deepEqual(answer.entries, [
      {
        kind: "reward",
        amount: reward.toString(),
        transactionHash: withdrawn.transactionHash,
        blockNumber: withdrawn.blockNumber.toString(),
        logIndex: rewardLog.logIndex,
        timestamp: Number(unstakeBlock.timestamp),
      },
      {
        kind: "unstake",
        amount: parseEther("150").toString(),
        transactionHash: withdrawn.transactionHash,
        blockNumber: withdrawn.blockNumber.toString(),
        logIndex: unstakeLog.logIndex,
        timestamp: Number(unstakeBlock.timestamp),
      },
      {
        kind: "stake",
        amount: parseEther("150").toString(),
        transactionHash: staked.transactionHash,
        blockNumber: staked.blockNumber.toString(),
        logIndex: stakeLog.logIndex,
        timestamp: Number(stakeBlock.timestamp),
      },
    ]);
    assert.equal(answer.truncated, false);
    // The other side of the POO transfer, and the owner (who funded the pool at deployment): nothing.
    assert.deepEqual((await activityOf(OTHER)).entries, []);
    assert.deepEqual((await activityOf(OWNER)).entries, []);
    // limit cuts the newest first and says so.
    const one = await activityOf(ACCOUNT, "&limit=1");
    assert.deepEqual([one.entries.map((e) => e.kind), one.truncated], [["reward"], true]);
  });

  it("drops the entry of a reorganised block (evm_snapshot, evm_revert, other blocks at its height)", async () => {
    const { publicClient, testClient, wallet } = clients();
    const { pooToken, staking } = local.deployment;
    const before = (await activityOf(OTHER)).entries;
    const snapshot = await testClient.snapshot();
    await wallet(OTHER)
      .writeContract({
        address: pooToken,
        abi: erc20Abi,
        functionName: "approve",
        args: [staking, parseEther("200")],
      })
      .then((hash) => publicClient.waitForTransactionReceipt({ hash }));
    const staked = await wallet(OTHER)
      .writeContract({
        address: staking,
        abi: specStakingAbi,
        functionName: "stake",
        args: [parseEther("200")],
      })
      .then((hash) => publicClient.waitForTransactionReceipt({ hash }));
    const listed = await activityAt(OTHER, staked.blockNumber);
    assert.deepEqual(
      listed.entries.map((e) => e.transactionHash),
      [staked.transactionHash, ...before.map((e) => e.transactionHash)],
    );

    await testClient.revert({ id: snapshot });
    await testClient.mine({ blocks: 3 }); // other blocks at the reverted heights, and one past them
    const head = await publicClient.getBlockNumber();
    assert.ok(head >= staked.blockNumber);
    const after = await activityAt(OTHER, head);
    assert.deepEqual(after.entries, before, "the reorganised stake is gone");
  });

  it("answers 400 with a clear message to bad input, and keeps serving", async () => {
    const cases: Array<[string, RegExp]> = [
      [`/activity?chainId=${CHAIN_ID}&account=0x1234`, /account must be an address/],
      [`/activity?chainId=${CHAIN_ID}&account=alice`, /account must be an address/],
      [`/activity?chainId=${CHAIN_ID}`, /account is required/],
      [`/activity?chainId=1&account=${ACCOUNT}`, /serves chain 31337, not chain 1/],
      [`/activity?account=${ACCOUNT}`, /chainId is required/],
      [
        `/activity?chainId=${CHAIN_ID}&account=${ACCOUNT}&limit=100000000`,
        /limit must be a whole number from 1 to 1000/,
      ],
      [`/activity?chainId=${CHAIN_ID}&account=${ACCOUNT}&limit=-1`, /limit must be/],
      [`/head?chainId=abc`, /chainId must be a positive whole number/],
    ];
    for (const [route, message] of cases) {
      const response = await fetch(`${indexer.url}${route}`);
      assert.equal(response.status, 400, route);
      const body = (await response.json()) as { error: string };
      assert.match(body.error, message, route);
    }
    const answer = await fetch(`${indexer.url}/head?chainId=${CHAIN_ID}`);
    const head = (await answer.json()) as ActivityAnswer;
    assert.ok(head.indexedTo, "still serving");
    // The API's headers: browsers may reach a replica through nginx without an instance in between.
    assert.equal(answer.headers.get("x-content-type-options"), "nosniff");
    assert.match(answer.headers.get("content-security-policy") ?? "", /default-src 'none'/);
    assert.equal(answer.headers.get("cache-control"), "no-store");
  });
});
