import assert from "node:assert/strict";
import { after, before, beforeEach, describe, it } from "node:test";
import { connect, createConfig, disconnect, type Config } from "@wagmi/core";
import { mock } from "@wagmi/connectors";
import { defineChain, fallback, http, parseEther } from "viem";
import { ChainContracts } from "../../src/adapters/chain/ChainContracts.ts";
import { MulticallAccountSnapshotSource } from "../../src/adapters/chain/MulticallAccountSnapshotSource.ts";
import { WagmiStakingGateway } from "../../src/adapters/chain/WagmiStakingGateway.ts";
import { WagmiTokenGateway } from "../../src/adapters/chain/WagmiTokenGateway.ts";
import { WagmiTransactionWaiter } from "../../src/adapters/chain/WagmiTransactionWaiter.ts";
import { toAddress } from "../../src/domain/address.ts";
import { ContractRevertError } from "../../src/domain/errors/contractRevertError.ts";
import { RpcUnavailableError } from "../../src/domain/errors/rpcUnavailableError.ts";
import { startCountingProxy, startLocalChain, type CountingProxy, type LocalChain } from "./localChain.ts";

const ACCOUNT = toAddress("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
const MULTICALL3 = "0xcA11bde05977b3631167028862bE2a173976CA11";
const UNREACHABLE = "http://127.0.0.1:9"; // discard port: nothing listens there

function wagmiConfig(rpcUrls: string[]): Config {
  const chain = defineChain({
    id: 31337,
    name: "POO Local",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: rpcUrls } },
    contracts: { multicall3: { address: MULTICALL3 } },
  });
  const transport =
    rpcUrls.length === 1
      ? http(rpcUrls[0], { retryCount: 0 })
      : fallback(rpcUrls.map((u) => http(u, { retryCount: 0 })));
  return createConfig({
    chains: [chain],
    // The mock connector sends through the last URL (the real node) for writes; reads go via the transport.
    connectors: [mock({ accounts: [ACCOUNT] })],
    transports: { [chain.id]: transport },
    pollingInterval: 50,
  });
}

function adapters(config: Config, local: LocalChain) {
  const contracts = new ChainContracts(
    config,
    new Map([
      [
        31337,
        {
          pooToken: toAddress(local.deployment.pooToken),
          crapToken: toAddress(local.deployment.crapToken),
          staking: toAddress(local.deployment.staking),
        },
      ],
    ]),
  );
  return {
    snapshots: new MulticallAccountSnapshotSource(config, contracts),
    token: new WagmiTokenGateway(config, contracts),
    staking: new WagmiStakingGateway(config, contracts),
    waiter: new WagmiTransactionWaiter(config, contracts),
  };
}

describe("chain adapters on an in-process Hardhat chain", () => {
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
  beforeEach(() => proxy.reset());

  it("loads the whole account snapshot with ONE JSON-RPC request", async () => {
    const config = wagmiConfig([proxy.url]);
    const { snapshots } = adapters(config, local);
    const snapshot = await snapshots.loadSnapshot(ACCOUNT);
    assert.equal(proxy.httpRequests, 1);
    assert.deepEqual(proxy.methods, ["eth_call"]);
    assert.equal(snapshot.pooBalance, parseEther("1000000"));
    assert.equal(snapshot.stakedAmount, 0n);
    assert.equal(snapshot.minStake, BigInt(local.deployment.minStake));
    assert.equal(snapshot.minStakeDuration, BigInt(local.deployment.minStakeDuration));
    assert.ok(snapshot.blockTimestamp > 0n);
    assert.equal(snapshot.rewardsAvailable, parseEther("1000000"));
  });

  it("approves, stakes and reads the new figures back through the gateways", async () => {
    const config = wagmiConfig([local.url]);
    await connect(config, { connector: config.connectors[0]! });
    const { snapshots, token, staking, waiter } = adapters(config, local);
    const quantity = parseEther("150");
    const approval = await token.approve(staking.contractAddress, quantity);
    assert.equal((await waiter.waitForReceipt(approval)).status, "success");
    assert.equal(await token.allowance(ACCOUNT, staking.contractAddress), quantity);
    const stake = await staking.stake(quantity);
    assert.equal((await waiter.waitForReceipt(stake)).status, "success");
    const snapshot = await snapshots.loadSnapshot(ACCOUNT);
    assert.equal(snapshot.stakedAmount, quantity);
    assert.equal(snapshot.allowance, 0n);
    assert.equal(snapshot.pooBalance, parseEther("1000000") - quantity);
    assert.ok(snapshot.stakedTime > 0n);
    await disconnect(config);
  });

  it("turns a contract revert into a decoded ContractRevertError (withdraw before the minimum duration)", async () => {
    const config = wagmiConfig([local.url]);
    await connect(config, { connector: config.connectors[0]! });
    const { staking } = adapters(config, local);
    await assert.rejects(staking.withdraw(), (error: unknown) => {
      assert.ok(error instanceof ContractRevertError);
      assert.equal(error.errorName, "StakeLocked");
      assert.ok(error.unlockTime instanceof Date);
      return true;
    });
    await disconnect(config);
  });

  it("still loads the snapshot from the fallback RPC when the primary is unreachable", async () => {
    const config = wagmiConfig([UNREACHABLE, proxy.url]);
    const { snapshots } = adapters(config, local);
    const snapshot = await snapshots.loadSnapshot(ACCOUNT);
    assert.ok(snapshot.pooBalance > 0n);
    assert.deepEqual(proxy.methods, ["eth_call"]);
  });

  it("reports RpcUnavailableError when every RPC is down", async () => {
    const config = wagmiConfig([UNREACHABLE]);
    const { snapshots } = adapters(config, local);
    await assert.rejects(snapshots.loadSnapshot(ACCOUNT), RpcUnavailableError);
  });
});
