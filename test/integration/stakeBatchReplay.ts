import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { connect, createConfig, createConnector, type Config } from "@wagmi/core";
import { encodeFunctionData, http, numberToHex, parseEther, parseGwei, type EIP1193Provider } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { CallBatches } from "../../e2e/wallet/CallBatches.ts";
import { sendSignedTransaction } from "../../e2e/wallet/sendSignedTransaction.ts";
import { parseSendCallsParams } from "../../e2e/wallet/walletCallsParams.ts";
import { referenceStakingAbi } from "../../src/adapters/chain/abis.generated.ts";
import { WagmiStakeBatchGateway } from "../../src/adapters/chain/WagmiStakeBatchGateway.ts";
import { toAddress } from "../../src/domain/address.ts";
import { ContractRevertError } from "../../src/domain/errors/contractRevertError.ts";
import { startLocalChain, type LocalChain } from "./localChain.ts";
import { localChainOn } from "./localChainOn.ts";
import { localContracts } from "./localContracts.ts";
import { nodeClients } from "./nodeClients.ts";

const ACCOUNT = toAddress("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
/** Hardhat's public test key of ACCOUNT (account 1). */
const ACCOUNT_KEY = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";
const OWNER = toAddress("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");
const CHAIN_ID = 31337;

/**
 * An EIP-1193 wallet for wagmi in this process: its account and chain, EIP-5792 batches through the
 * injected test wallet's own atomic batching (e2e/wallet/CallBatches.ts, one EIP-7702 transaction signed
 * with the account's key), everything else forwarded to the node.
 */
function batchingWallet(url: string): EIP1193Provider {
  const node = nodeClients(url);
  const request = (method: string, params: readonly unknown[]) =>
    node.publicClient.request({ method, params } as never) as Promise<unknown>;
  const account = privateKeyToAccount(ACCOUNT_KEY);
  const batches = new CallBatches({
    request,
    signAndSend: async (_origin, transaction, { authorizationList }) =>
      (
        await sendSignedTransaction({
          account,
          chain: node.publicClient.chain,
          rpcUrl: url,
          transaction: { ...transaction, authorizationList },
        })
      ).hash,
    oneAtATime: (action) => action(),
  });
  const provider = {
    async request({ method, params = [] }: { method: string; params?: readonly unknown[] }) {
      switch (method) {
        case "eth_accounts":
        case "eth_requestAccounts":
          return [ACCOUNT];
        case "eth_chainId":
          return numberToHex(CHAIN_ID);
        case "wallet_getCapabilities":
          return { [numberToHex(CHAIN_ID)]: { atomic: { status: "supported" } } };
        case "wallet_sendCalls":
          return { id: await batches.sendAtomically(account, "app", parseSendCallsParams(params)) };
        case "wallet_getCallsStatus":
          return await batches.status("app", params[0] as string);
        default:
          return await request(method, params);
      }
    },
    on: () => provider,
    removeListener: () => provider,
  };
  return provider as unknown as EIP1193Provider;
}

/** A wagmi connector over `provider`, always connected to ACCOUNT on the local chain. */
function batchingConnector(provider: EIP1193Provider) {
  return createConnector<EIP1193Provider>(() => ({
    id: "batching",
    name: "Batching test wallet",
    type: "batching",
    connect: async () => ({ accounts: [ACCOUNT], chainId: CHAIN_ID }) as never,
    disconnect: async () => {},
    getAccounts: async () => [ACCOUNT],
    getChainId: async () => CHAIN_ID,
    getProvider: async () => provider,
    isAuthorized: async () => true,
    onAccountsChanged: () => {},
    onChainChanged: () => {},
    onDisconnect: () => {},
  }));
}

describe("a batch mined with status 0, replayed at its block", () => {
  let local: LocalChain;
  let config: Config;

  before(async () => {
    local = await startLocalChain("Staking");
    const chain = localChainOn(local.url);
    config = createConfig({
      chains: [chain],
      connectors: [batchingConnector(batchingWallet(local.url))],
      transports: { [chain.id]: http(local.url, { retryCount: 0 }) },
      pollingInterval: 50,
    });
    await connect(config, { connector: config.connectors[0]! });
  });
  after(async () => {
    await local.close();
  });

  it("names the pause that failed it, though the pool was unpaused before the replay", async () => {
    const node = nodeClients(local.url);
    const gateway = new WagmiStakeBatchGateway(config, localContracts(config, local));
    const signer = { account: ACCOUNT, chainId: CHAIN_ID };
    const ownerSends = (functionName: "pause" | "unpause", tip?: bigint) =>
      node.walletClient.sendTransaction({
        account: OWNER,
        chain: node.publicClient.chain,
        to: local.deployment.staking,
        data: encodeFunctionData({ abi: referenceStakingAbi, functionName }),
        maxPriorityFeePerGas: tip,
      });

    // Blocks held: the app's check passes and the wallet sends the batch; the owner's pause, with a
    // higher tip, goes ahead of it in the same block.
    await node.testClient.setAutomine(false);
    let batchId: string;
    try {
      assert.equal(await gateway.atomicBatching(signer), "supported");
      batchId = await gateway.sendApproveAndStake(signer, parseEther("150"));
      await ownerSends("pause", parseGwei("50"));
      await node.testClient.mine({ blocks: 1 });
    } finally {
      await node.testClient.setAutomine(true);
    }
    // Then the owner unpauses, before the app reads the outcome: on the latest state the batch would pass.
    await node.publicClient.waitForTransactionReceipt({ hash: await ownerSends("unpause") });

    const outcome = await gateway.waitForBatch(batchId, signer);
    assert.equal(outcome.status, "reverted");
    assert.ok(outcome.status === "reverted");
    assert.equal(outcome.failedCall?.index, 1, "the stake, the batch's second call, failed");
    const reason = outcome.failedCall?.reason;
    assert.ok(reason instanceof ContractRevertError, `the replay found no reason (${String(reason)})`);
    assert.equal(
      reason.minedAs("stake", outcome.hash!).shortMessage,
      "The stake failed on chain: the pool is paused.",
    );
  });
});
