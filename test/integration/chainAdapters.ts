import assert from "node:assert/strict";
import { after, before, beforeEach, describe, it } from "node:test";
import { connect, createConfig, disconnect, type Config } from "@wagmi/core";
import { mock } from "@wagmi/connectors";
import { defineChain, encodeFunctionData, fallback, http, parseEther, parseGwei, type Hash } from "viem";
import { MulticallAccountSnapshotSource } from "../../src/adapters/chain/MulticallAccountSnapshotSource.ts";
import { PinnedContractWriter } from "../../src/adapters/chain/PinnedContractWriter.ts";
import { SentTransactionLog } from "../../src/adapters/chain/SentTransactionLog.ts";
import { specStakingAbi } from "../../src/adapters/chain/specStakingAbi.ts";
import { ViemTransactionWaiter } from "../../src/adapters/chain/ViemTransactionWaiter.ts";
import { WagmiStakingGateway } from "../../src/adapters/chain/WagmiStakingGateway.ts";
import { WagmiTokenGateway } from "../../src/adapters/chain/WagmiTokenGateway.ts";
import { toAddress } from "../../src/domain/address.ts";
import { ContractRevertError } from "../../src/domain/errors/contractRevertError.ts";
import { RpcUnavailableError } from "../../src/domain/errors/rpcUnavailableError.ts";
import { WalletChangedError } from "../../src/domain/errors/walletChangedError.ts";
import { startCountingProxy, startLocalChain, type CountingProxy, type LocalChain } from "./localChain.ts";
import { localContracts } from "./localContracts.ts";
import { nodeClients } from "./nodeClients.ts";

const ACCOUNT = toAddress("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
const OTHER = toAddress("0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC");
const MULTICALL3 = "0xcA11bde05977b3631167028862bE2a173976CA11";
const UNREACHABLE = "http://127.0.0.1:9"; // discard port: nothing listens there
const CHAIN_ID = 31337;
const signer = { account: ACCOUNT, chainId: CHAIN_ID };

const chainOn = (rpcUrls: string[]) =>
  defineChain({
    id: CHAIN_ID,
    name: "POO Local",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: rpcUrls } },
    contracts: { multicall3: { address: MULTICALL3 } },
  });

function wagmiConfig(
  rpcUrls: string[],
  accounts: readonly [`0x${string}`, ...`0x${string}`[]] = [ACCOUNT],
): Config {
  const chain = chainOn(rpcUrls);
  const transport =
    rpcUrls.length === 1
      ? http(rpcUrls[0], { retryCount: 0 })
      : fallback(rpcUrls.map((u) => http(u, { retryCount: 0 })));
  return createConfig({
    chains: [chain],
    // The mock connector sends through the last URL (the real node) for writes; reads go via the transport.
    connectors: [mock({ accounts })],
    transports: { [chain.id]: transport },
    pollingInterval: 50,
  });
}

function adapters(config: Config, local: LocalChain) {
  const contracts = localContracts(config, local);
  const sent = new SentTransactionLog();
  const writer = new PinnedContractWriter(config, sent);
  return {
    snapshots: new MulticallAccountSnapshotSource(config, contracts),
    token: new WagmiTokenGateway(config, writer, contracts),
    staking: new WagmiStakingGateway(writer, contracts),
    waiter: new ViemTransactionWaiter(config, sent),
  };
}

for (const contract of ["Staking", "ReferenceStaking"] as const) {
  describe(`chain adapters on an in-process Hardhat chain (${contract})`, () => {
    let local: LocalChain;
    let proxy: CountingProxy;

    before(async () => {
      local = await startLocalChain(contract);
      proxy = await startCountingProxy(local.url);
    });
    after(async () => {
      await proxy.close();
      await local.close();
    });
    beforeEach(() => proxy.reset());

    it("loads the whole account snapshot with ONE JSON-RPC request; optional reads only where the contract has them", async () => {
      const config = wagmiConfig([proxy.url]);
      const { snapshots } = adapters(config, local);
      const snapshot = await snapshots.loadSnapshot(ACCOUNT, CHAIN_ID);
      assert.equal(proxy.httpRequests, 1);
      assert.deepEqual(proxy.methods, ["eth_call"]);
      assert.equal(snapshot.pooBalance, parseEther("1000000"));
      assert.equal(snapshot.stakedAmount, 0n);
      assert.equal(snapshot.paused, false);
      assert.equal(snapshot.minStake, BigInt(local.deployment.minStake));
      assert.equal(snapshot.minStakeDuration, BigInt(local.deployment.minStakeDuration));
      assert.ok(snapshot.blockTimestamp > 0n);
      assert.ok(snapshot.blockNumber > 0n);
      assert.equal(snapshot.poolStaked, 0n); // POO balanceOf(staking), in the same request
      if (contract === "Staking") {
        assert.equal(snapshot.rewardsAvailable, parseEther("1000000"));
        assert.equal(snapshot.rewardRate, parseEther("0.01"));
        assert.equal(snapshot.totalStaked, 0n);
      } else {
        assert.equal(snapshot.rewardsAvailable, undefined);
        assert.equal(snapshot.rewardRate, undefined);
        assert.equal(snapshot.totalStaked, undefined);
      }
    });

    it("approves, stakes and reads the new figures back through the gateways", async () => {
      const config = wagmiConfig([local.url]);
      await connect(config, { connector: config.connectors[0]! });
      const { snapshots, token, staking, waiter } = adapters(config, local);
      const quantity = parseEther("150");
      const spender = staking.stakingAddress(CHAIN_ID);
      const approval = await token.approve(signer, spender, quantity);
      const approved = await waiter.waitForOutcome(approval, CHAIN_ID);
      assert.equal(approved.status, "success");
      assert.equal(await token.allowance(ACCOUNT, spender), quantity);
      const stake = await staking.stake(signer, quantity, { checkAtBlock: approved.blockNumber! });
      assert.deepEqual(await waiter.waitForOutcome(stake, CHAIN_ID), {
        status: "success",
        hash: stake,
        blockNumber: approved.blockNumber! + 1n,
      });
      const snapshot = await snapshots.loadSnapshot(ACCOUNT, CHAIN_ID);
      assert.equal(snapshot.stakedAmount, quantity);
      assert.equal(snapshot.allowance, 0n);
      assert.equal(snapshot.pooBalance, parseEther("1000000") - quantity);
      assert.ok(snapshot.stakedTime > 0n);
      assert.equal(snapshot.poolStaked, quantity);
      await disconnect(config);
    });

    it("decodes the contract's refusal before anything is sent (withdraw before the minimum duration)", async () => {
      const config = wagmiConfig([proxy.url]);
      await connect(config, { connector: config.connectors[0]! });
      const { staking } = adapters(config, local);
      proxy.reset();
      await assert.rejects(staking.withdraw(signer), (error: unknown) => {
        assert.ok(error instanceof ContractRevertError);
        if (contract === "Staking") {
          assert.equal(error.errorName, "StakeLocked");
          assert.ok(error.unlockTime instanceof Date);
        } else {
          assert.equal(error.errorName, "Error");
          assert.equal(error.shortMessage, "The contract refused the transaction: Stake is still locked.");
        }
        return true;
      });
      assert.ok(!proxy.methods.includes("eth_sendTransaction"));
      await disconnect(config);
    });

    it("sends nothing when the wallet is on another account than the flow's", async () => {
      const config = wagmiConfig([proxy.url], [OTHER, ACCOUNT]);
      await connect(config, { connector: config.connectors[0]! });
      const { staking } = adapters(config, local);
      proxy.reset();
      await assert.rejects(staking.stake(signer, parseEther("150")), (error: unknown) => {
        assert.ok(error instanceof WalletChangedError);
        assert.match(
          error.shortMessage,
          /switched to another account \(0x3C44…93BC\).*Nothing was sent from it/,
        );
        return true;
      });
      assert.deepEqual(proxy.methods, []);
      await disconnect(config);
    });
  });
}

describe("transaction outcomes on a chain that does not mine at once", () => {
  let local: LocalChain;
  let node: ReturnType<typeof nodeClients>;

  before(async () => {
    local = await startLocalChain("ReferenceStaking");
    node = nodeClients(local.url);
  });
  after(async () => {
    await local.close();
  });

  const waiter = (sent?: SentTransactionLog): ViemTransactionWaiter =>
    new ViemTransactionWaiter(wagmiConfig([local.url]), sent);
  const stakeData = encodeFunctionData({
    abi: specStakingAbi,
    functionName: "stake",
    args: [parseEther("150")],
  });
  const withdrawData = encodeFunctionData({ abi: specStakingAbi, functionName: "withdraw" });
  const staking = () => toAddress(local.deployment.staking);

  /** Sends from ACCOUNT with explicit gas (no estimate, so a reverting call is still mined). */
  async function send(data: `0x${string}`, nonce: number, fee: bigint): Promise<Hash> {
    return node.walletClient.sendTransaction({
      account: ACCOUNT,
      chain: null,
      to: staking(),
      data,
      nonce,
      gas: 300_000n,
      maxFeePerGas: fee,
      maxPriorityFeePerGas: fee,
    });
  }

  it("a transaction mined with status 0 is a reverted outcome (not a thrown error)", async () => {
    // Hardhat refuses a failing transaction at once while automining; a real chain mines it.
    await node.testClient.setAutomine(false);
    try {
      const nonce = await node.publicClient.getTransactionCount({ address: ACCOUNT, blockTag: "pending" });
      const hash = await send(withdrawData, nonce, parseGwei("3"));
      const waiting = waiter().waitForOutcome(hash, CHAIN_ID);
      await node.testClient.mine({ blocks: 1 });
      const outcome = await waiting;
      assert.equal(outcome.status, "reverted");
      assert.equal(outcome.hash, hash);
    } finally {
      await node.testClient.setAutomine(true);
    }
  });

  it("follows a sped-up transaction to its new hash, and reports a cancelled one as cancelled", async () => {
    await node.testClient.setAutomine(false);
    try {
      // Sped up: the same call, same nonce, higher fee.
      let nonce = await node.publicClient.getTransactionCount({ address: ACCOUNT, blockTag: "pending" });
      const slow = await send(withdrawData, nonce, parseGwei("3"));
      const waiting = waiter().waitForOutcome(slow, CHAIN_ID);
      await new Promise((resolve) => setTimeout(resolve, 600)); // the waiter has seen it pending
      const fast = await send(withdrawData, nonce, parseGwei("9"));
      await node.testClient.mine({ blocks: 1 });
      const sped = await waiting;
      assert.equal(sped.hash, fast);
      assert.deepEqual(sped.replaced, { originalHash: slow, reason: "sped-up" });
      assert.equal(sped.status, "reverted"); // the withdraw itself reverts: nothing staked yet

      // Cancelled: a 0-value transfer to oneself takes the nonce.
      nonce = await node.publicClient.getTransactionCount({ address: ACCOUNT, blockTag: "pending" });
      const stake = await send(stakeData, nonce, parseGwei("3"));
      const waitingStake = waiter().waitForOutcome(stake, CHAIN_ID);
      await new Promise((resolve) => setTimeout(resolve, 600));
      const cancel = await node.walletClient.sendTransaction({
        account: ACCOUNT,
        chain: null,
        to: ACCOUNT,
        value: 0n,
        nonce,
        gas: 21_000n,
        maxFeePerGas: parseGwei("9"),
        maxPriorityFeePerGas: parseGwei("9"),
      });
      await node.testClient.mine({ blocks: 1 });
      const cancelled = await waitingStake;
      assert.equal(cancelled.status, "cancelled");
      assert.equal(cancelled.hash, cancel);
      assert.deepEqual(cancelled.replaced, { originalHash: stake, reason: "cancelled" });
    } finally {
      await node.testClient.setAutomine(true);
    }
  });

  it("a cancel sent at once (before the wait first looks) is still found", async () => {
    await node.testClient.setAutomine(false);
    try {
      const nonce = await node.publicClient.getTransactionCount({ address: ACCOUNT, blockTag: "pending" });
      const stake = await send(stakeData, nonce, parseGwei("3"));
      const waitingStake = waiter().waitForOutcome(stake, CHAIN_ID);
      const cancel = await node.walletClient.sendTransaction({
        account: ACCOUNT,
        chain: null,
        to: ACCOUNT,
        value: 0n,
        nonce,
        gas: 21_000n,
        maxFeePerGas: parseGwei("9"),
        maxPriorityFeePerGas: parseGwei("9"),
      });
      await new Promise((resolve) => setTimeout(resolve, 600));
      await node.testClient.mine({ blocks: 1 });
      const cancelled = await waitingStake;
      assert.equal(cancelled.status, "cancelled");
      assert.equal(cancelled.hash, cancel);
    } finally {
      await node.testClient.setAutomine(true);
    }
  });

  it("a transaction the node never saw (replaced at once by a cancel) is still found cancelled, from what the app sent", async () => {
    await node.testClient.setAutomine(false);
    try {
      const nonce = await node.publicClient.getTransactionCount({ address: ACCOUNT, blockTag: "pending" });
      const stake = await send(stakeData, nonce, parseGwei("3"));
      const sent = new SentTransactionLog();
      sent.note(stake, { from: ACCOUNT, to: staking(), input: stakeData, likelyNonce: nonce });
      const cancel = await node.walletClient.sendTransaction({
        account: ACCOUNT,
        chain: null,
        to: ACCOUNT,
        value: 0n,
        nonce,
        gas: 21_000n,
        maxFeePerGas: parseGwei("9"),
        maxPriorityFeePerGas: parseGwei("9"),
      });
      const waitingStake = waiter(sent).waitForOutcome(stake, CHAIN_ID);
      await new Promise((resolve) => setTimeout(resolve, 2_500)); // past the waiter's tries to see it
      await node.testClient.mine({ blocks: 1 });
      const cancelled = await waitingStake;
      assert.equal(cancelled.status, "cancelled");
      assert.equal(cancelled.hash, cancel);
    } finally {
      await node.testClient.setAutomine(true);
    }
  });

  it("a speed-up mined before the wait even started is found in the sender's nonce slot", async () => {
    await node.testClient.setAutomine(false);
    try {
      const nonce = await node.publicClient.getTransactionCount({ address: ACCOUNT, blockTag: "pending" });
      const slow = await send(stakeData, nonce, parseGwei("3"));
      const sent = new SentTransactionLog();
      sent.note(slow, { from: ACCOUNT, to: staking(), input: stakeData, likelyNonce: nonce });
      const fast = await send(stakeData, nonce, parseGwei("9"));
      await node.testClient.mine({ blocks: 2 });
      const outcome = await waiter(sent).waitForOutcome(slow, CHAIN_ID);
      assert.equal(outcome.hash, fast);
      assert.deepEqual(outcome.replaced, { originalHash: slow, reason: "sped-up" });
    } finally {
      await node.testClient.setAutomine(true);
    }
  });

  it("after a reload: settles from the receipt, or finds the nonce taken by another transaction", async () => {
    await node.testClient.setAutomine(false);
    try {
      const nonce = await node.publicClient.getTransactionCount({ address: ACCOUNT, blockTag: "pending" });
      const dropped = await send(stakeData, nonce, parseGwei("3"));
      // Replaced while the page was closed: the node forgets the first one.
      const replacement = await send(withdrawData, nonce, parseGwei("9"));
      await node.testClient.mine({ blocks: 1 });
      const known = { from: ACCOUNT, nonce };
      const outcome = await waiter().waitForOutcome(dropped, CHAIN_ID, { known });
      // Found in the sender's nonce slot: another call (a withdraw) took it, so "replaced", under its hash.
      assert.equal(outcome.status, "replaced");
      assert.equal(outcome.hash, replacement);
      assert.deepEqual(outcome.replaced, { originalHash: dropped, reason: "replaced" });
      const mined = await waiter().waitForOutcome(replacement, CHAIN_ID, { known });
      assert.equal(mined.hash, replacement);
    } finally {
      await node.testClient.setAutomine(true);
    }
  });
});

describe("reads through the fallback RPC", () => {
  let local: LocalChain;
  let proxy: CountingProxy;

  before(async () => {
    local = await startLocalChain();
    proxy = await startCountingProxy(local.url);
  });
  after(async () => {
    await proxy.close();
    await local.close();
  });

  it("still loads the snapshot from the fallback RPC when the primary is unreachable", async () => {
    const config = wagmiConfig([UNREACHABLE, proxy.url]);
    const { snapshots } = adapters(config, local);
    const snapshot = await snapshots.loadSnapshot(ACCOUNT, CHAIN_ID);
    assert.ok(snapshot.pooBalance > 0n);
    assert.deepEqual(proxy.methods, ["eth_call"]);
  });

  it("reports RpcUnavailableError when every RPC is down", async () => {
    const config = wagmiConfig([UNREACHABLE]);
    const { snapshots } = adapters(config, local);
    await assert.rejects(snapshots.loadSnapshot(ACCOUNT, CHAIN_ID), RpcUnavailableError);
  });
});
