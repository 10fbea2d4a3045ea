import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  encodeFunctionData,
  http,
  parseEther,
  type Hash,
  type PublicClient,
} from "viem";
import { hardhat } from "viem/chains";
import { pooTokenAbi, stakingAbi } from "../../src/adapters/chain/abis.generated.ts";
import { knownContracts } from "../../scripts/lib/local-explorer/knownContracts.ts";
import { readTransaction } from "../../scripts/lib/local-explorer/readTransaction.ts";
import { startLocalChain, type LocalChain } from "./localChain.ts";

const ACCOUNT = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" as const;

/** The local explorer's reads against a real chain: what the node answers, not what a fake says. */
describe("local explorer: readTransaction on the local chain", () => {
  let local: LocalChain;
  let publicClient: PublicClient;
  let send: (to: `0x${string}`, data: `0x${string}`, gas?: bigint) => Promise<Hash>;

  before(async () => {
    local = await startLocalChain();
    const chain = { ...hardhat, rpcUrls: { default: { http: [local.url] } } };
    const transport = http(local.url);
    publicClient = createPublicClient({ chain, transport, cacheTime: 0 }) as PublicClient;
    const wallet = createWalletClient({ chain, transport, account: ACCOUNT });
    send = (to, data, gas) => wallet.sendTransaction({ to, data, ...(gas ? { gas } : {}) });
  });
  after(() => local.close());

  it("decodes a mined approve and its Approval event", async () => {
    const contracts = knownContracts(local.deployment);
    const data = encodeFunctionData({
      abi: pooTokenAbi,
      functionName: "approve",
      args: [local.deployment.staking, parseEther("50")],
    });
    const hash = await send(local.deployment.pooToken, data);
    const view = await readTransaction(publicClient, hash, contracts);
    assert.equal(view?.status, "success");
    assert.equal(view?.from.address, ACCOUNT);
    assert.equal(view?.to?.name, "POO");
    assert.equal(view?.call.kind === "function" && view.call.functionName, "approve");
    assert.deepEqual(
      view?.logs.map((log) => log.event?.name),
      ["Approval"],
    );
    const value = view?.logs[0]?.event?.args.find((a) => a.name === "value")?.value;
    assert.deepEqual(value, { kind: "amount", text: "50 POO", raw: "50000000000000000000" });
  });

  it("reads a reverted stake's custom error by replaying it", async () => {
    const contracts = knownContracts(local.deployment);
    const data = encodeFunctionData({ abi: stakingAbi, functionName: "stake", args: [parseEther("50")] });
    const nonce = await publicClient.getTransactionCount({ address: ACCOUNT });
    // An explicit gas limit skips estimation, so the node mines it and it fails there.
    const hash = await send(local.deployment.staking, data, 300_000n).catch(async () => {
      const block = await publicClient.getBlock({ includeTransactions: true });
      const mined = block.transactions.find(
        (t) => t.nonce === nonce && t.from.toLowerCase() === ACCOUNT.toLowerCase(),
      );
      assert.ok(mined, "the reverted stake was mined");
      return mined.hash;
    });
    const view = await readTransaction(publicClient, hash, contracts);
    assert.equal(view?.status, "reverted");
    assert.equal(view?.revertReason, "BelowMinStake(amount: 50 POO, minStake: 100 POO)");
    assert.deepEqual(view?.logs, []);
  });

  it("says pending before the block, and knows nothing of an unknown hash", async () => {
    const contracts = knownContracts(local.deployment);
    const testClient = createTestClient({
      chain: { ...hardhat, rpcUrls: { default: { http: [local.url] } } },
      transport: http(local.url),
      mode: "hardhat",
    });
    await testClient.setAutomine(false);
    try {
      const data = encodeFunctionData({
        abi: pooTokenAbi,
        functionName: "transfer",
        args: [local.deployment.staking, 1n],
      });
      const hash = await send(local.deployment.pooToken, data, 100_000n);
      assert.equal((await readTransaction(publicClient, hash, contracts))?.status, "pending");
      await testClient.mine({ blocks: 1 });
      assert.equal((await readTransaction(publicClient, hash, contracts))?.status, "success");
    } finally {
      await testClient.setAutomine(true);
    }
    assert.equal(await readTransaction(publicClient, `0x${"12".repeat(32)}`, contracts), undefined);
  });
});
