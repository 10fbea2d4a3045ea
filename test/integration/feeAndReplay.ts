import assert from "node:assert/strict";
import { after, afterEach, before, beforeEach, describe, it } from "node:test";
import { connect, createConfig, type Config } from "@wagmi/core";
import { mock } from "@wagmi/connectors";
import { encodeFunctionData, http, parseEther, parseGwei, type Hash, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { CallBatches } from "../../e2e/wallet/CallBatches.ts";
import { sendSignedTransaction } from "../../e2e/wallet/sendSignedTransaction.ts";
import { CALLS_VERSION } from "../../e2e/wallet/walletCallsParams.ts";
import { gasBeforeRefunds } from "../../e2e/support/gasBeforeRefunds.ts";
import { pooTokenAbi, referenceStakingAbi } from "../../src/adapters/chain/abis.generated.ts";
import type { ChainContracts } from "../../src/adapters/chain/ChainContracts.ts";
import { specStakingAbi } from "../../src/adapters/chain/specStakingAbi.ts";
import { ViemFeeEstimator } from "../../src/adapters/chain/ViemFeeEstimator.ts";
import { ViemTransactionReplayer } from "../../src/adapters/chain/ViemTransactionReplayer.ts";
import { toAddress } from "../../src/domain/address.ts";
import { ContractRevertError } from "../../src/domain/errors/contractRevertError.ts";
import { startCountingProxy, startLocalChain, type CountingProxy, type LocalChain } from "./localChain.ts";
import { localChainOn } from "./localChainOn.ts";
import { localContracts } from "./localContracts.ts";
import { nodeClients } from "./nodeClients.ts";

const ACCOUNT = toAddress("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
/** Hardhat's public test key of ACCOUNT (account 1). */
const ACCOUNT_KEY = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";
const OWNER = toAddress("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");
const CHAIN_ID = 31337;
const signer = { account: ACCOUNT, chainId: CHAIN_ID };
const Q = parseEther("150");

async function wagmiConfig(url: string): Promise<Config> {
  const chain = localChainOn(url);
  const config = createConfig({
    chains: [chain],
    connectors: [mock({ accounts: [ACCOUNT] })],
    // Batched as the app's transport is: one HTTP request for what is asked in the same tick.
    transports: { [chain.id]: http(url, { retryCount: 0, batch: true }) },
    pollingInterval: 50,
  });
  await connect(config, { connector: config.connectors[0]! });
  return config;
}

for (const contract of ["Staking", "ReferenceStaking"] as const) {
  describe(`the fee before Enter and the replayed reason (${contract})`, () => {
    let local: LocalChain;
    let proxy: CountingProxy;
    let node: ReturnType<typeof nodeClients>;
    let snapshot: Hex;
    let contracts: ChainContracts;
    let config: Config;

    before(async () => {
      local = await startLocalChain(contract);
      proxy = await startCountingProxy(local.url);
      node = nodeClients(local.url);
      config = await wagmiConfig(proxy.url);
      contracts = localContracts(config, local);
    });
    after(async () => {
      await proxy.close();
      await local.close();
    });
    beforeEach(async () => {
      snapshot = await node.testClient.snapshot();
      proxy.reset();
    });
    afterEach(async () => {
      await node.testClient.revert({ id: snapshot });
    });

    const send = async (to: `0x${string}`, data: Hex, from = ACCOUNT): Promise<Hash> =>
      await node.walletClient.sendTransaction({ account: from, chain: node.publicClient.chain, to, data });
    const stakeData = encodeFunctionData({ abi: specStakingAbi, functionName: "stake", args: [Q] });
    let approveData: Hex;
    before(() => {
      approveData = encodeFunctionData({
        abi: pooTokenAbi,
        functionName: "approve",
        args: [local.deployment.staking, Q],
      });
    });

    it("quotes approve then stake from ONE HTTP request, covering what the two transactions then use", async () => {
      const estimator = new ViemFeeEstimator(config, contracts);
      const quote = await estimator.quoteStake(signer, Q, "approve-then-stake");
      assert.equal(proxy.httpRequests, 1, proxy.methods.join());
      assert.deepEqual([...proxy.methods].sort(), [
        "eth_call",
        "eth_getBalance",
        "eth_getBlockByNumber",
        "eth_maxPriorityFeePerGas",
      ]);
      assert.equal(quote.balance, await node.publicClient.getBalance({ address: ACCOUNT }));

      const approved = await node.publicClient.waitForTransactionReceipt({
        hash: await send(local.deployment.pooToken, approveData),
      });
      const staked = await node.publicClient.waitForTransactionReceipt({
        hash: await send(local.deployment.staking, stakeData),
      });
      assert.equal(staked.status, "success");
      const [approveGas, stakeGas] = quote.gasPerTransaction;
      // Never below what was used, and close to it (the measured calls pay for cold accesses a
      // transaction's own recipient does not).
      for (const [estimate, used] of [
        [approveGas!, approved.gasUsed],
        [stakeGas!, staked.gasUsed],
      ] as const) {
        assert.ok(estimate >= used, `${estimate} >= ${used}`);
        assert.ok(estimate <= (used * 110n) / 100n, `${estimate} within 10% of ${used}`);
      }
      assert.equal(quote.currency, "ETH");
      assert.ok(quote.price.baseFeePerGas > 0n && quote.price.priorityFeePerGas > 0n);
    });

    it("quotes the stake alone, the batch as one transaction, and the withdraw", async () => {
      const estimator = new ViemFeeEstimator(config, contracts);
      const [twoTransactions, batch, upgrade] = await Promise.all([
        estimator.quoteStake(signer, Q, "approve-then-stake"),
        estimator.quoteStake(signer, Q, "batch"),
        estimator.quoteStake(signer, Q, "batch-with-upgrade"),
      ]);
      assert.equal(batch.gasPerTransaction.length, 1);
      const separate = twoTransactions.gasPerTransaction.reduce((a, b) => a + b);
      // One intrinsic cost instead of two, the executor's share of each call added, and, as the account
      // has no code yet, the authorization that upgrades it, whether the wallet asks or not.
      assert.equal(separate - batch.gasPerTransaction[0]!, 21_000n - 10_000n - 25_000n);
      assert.equal(upgrade.gasPerTransaction[0], batch.gasPerTransaction[0]);
      assert.deepEqual(proxy.methods.filter((m) => m === "eth_getCode").length, 2);

      await node.publicClient.waitForTransactionReceipt({
        hash: await send(local.deployment.pooToken, approveData),
      });
      const alone = await estimator.quoteStake(signer, Q, "stake");
      const staked = await node.publicClient.waitForTransactionReceipt({
        hash: await send(local.deployment.staking, stakeData),
      });
      assert.ok(alone.gasPerTransaction[0]! >= staked.gasUsed);

      await node.testClient.increaseTime({ seconds: 2 * 86_400 });
      await node.testClient.mine({ blocks: 1 });
      const withdraw = await estimator.quoteUnstake(signer);
      const withdrawn = await node.publicClient.waitForTransactionReceipt({
        hash: await send(
          local.deployment.staking,
          encodeFunctionData({ abi: specStakingAbi, functionName: "withdraw" }),
        ),
      });
      assert.equal(withdrawn.status, "success");
      assert.ok(withdraw.gasPerTransaction[0]! >= withdrawn.gasUsed);
    });

    it("quotes a batch at most 10,000 gas above what real batches used before refunds: with the upgrade, then without", async () => {
      const estimator = new ViemFeeEstimator(config, contracts);
      // The test wallet's own batching (e2e/wallet/CallBatches.ts): one EIP-7702 transaction from the
      // account to itself running execute(approve, stake) on its executor, signed with the account's key.
      const batches = new CallBatches({
        request: (method, params) =>
          node.publicClient.request({ method, params } as never) as Promise<unknown>,
        signAndSend: async (_origin, transaction, { authorizationList }) =>
          (
            await sendSignedTransaction({
              account: privateKeyToAccount(ACCOUNT_KEY),
              chain: node.publicClient.chain,
              rpcUrl: local.url,
              transaction: { ...transaction, authorizationList },
            })
          ).hash,
        oneAtATime: (action) => action(),
      });
      /** Sends approve + stake as one batch; the receipt's gas (paid) and the gas before refunds. */
      const batchGas = async (): Promise<{ paid: bigint; beforeRefunds: bigint }> => {
        const calls = [
          { to: local.deployment.pooToken, value: 0n, data: approveData },
          { to: local.deployment.staking, value: 0n, data: stakeData },
        ];
        const id = await batches.sendAtomically(privateKeyToAccount(ACCOUNT_KEY), "http://app.test", {
          version: CALLS_VERSION,
          id: undefined,
          chainId: CHAIN_ID,
          from: ACCOUNT,
          calls,
          atomicRequired: true,
        });
        const [record] = batches.records().filter((batch) => batch.id === id);
        const hash = record!.transactionHashes[0]!;
        const receipt = await node.publicClient.waitForTransactionReceipt({ hash });
        assert.equal(receipt.status, "success");
        return { paid: receipt.gasUsed, beforeRefunds: await gasBeforeRefunds(node.publicClient, hash) };
      };
      // The margin: the quote is never below the gas the batch used before its refunds (what its gas
      // limit must cover; what a wallet's own estimate shows) and at most 10,000 gas above it (the
      // executor's allowance of 5,000 gas a call, of which this executor uses about 1,400, and the
      // meter's cold accesses). What the batch paid is lower still by the refunds the chain gives back
      // at its end, which no estimate before sending sees: the allowance restored to zero within the
      // transaction (19,900) and the authorization of an existing account (12,500).
      const within = (quoted: bigint, batch: { paid: bigint; beforeRefunds: bigint }, what: string) => {
        const { paid, beforeRefunds } = batch;
        const said = `${what}: quoted ${quoted} gas; the batch used ${beforeRefunds} before refunds, paid ${paid}`;
        assert.ok(quoted >= beforeRefunds, `${said}: the quote is below what it used`);
        assert.ok(quoted <= beforeRefunds + 10_000n, `${said}: the quote is over 10,000 above what it used`);
      };

      // The account has no code: the quote includes the authorization that upgrades it.
      const first = await estimator.quoteStake(signer, Q, "batch");
      within(first.gasPerTransaction[0]!, await batchGas(), "first batch (with the EIP-7702 upgrade)");
      assert.equal(await batches.isDelegated(ACCOUNT), true);

      // Delegated now: the same batch again, without the authorization, an hour later (so that, as on a
      // live chain, the stake has rewards to pay out: measured in the same second as the first stake,
      // it would have none, while its block a second later would).
      await node.testClient.increaseTime({ seconds: 3_600 });
      await node.testClient.mine({ blocks: 1 });
      const second = await estimator.quoteStake(signer, Q, "batch");
      within(second.gasPerTransaction[0]!, await batchGas(), "second batch (account already delegated)");
      assert.ok(first.gasPerTransaction[0]! > second.gasPerTransaction[0]!);
    });

    it("a stake that would revert is said before Enter, in the contract's words", async () => {
      await send(
        local.deployment.staking,
        encodeFunctionData({ abi: referenceStakingAbi, functionName: "pause" }),
        OWNER,
      );
      const estimator = new ViemFeeEstimator(config, contracts);
      await assert.rejects(estimator.quoteStake(signer, Q, "approve-then-stake"), (error: unknown) => {
        assert.ok(error instanceof ContractRevertError);
        assert.equal(
          error.shortMessage,
          contract === "Staking"
            ? "The contract is paused. Try again later."
            : "The contract refused the transaction: Staking is paused.",
        );
        return true;
      });
    });

    it("replays a stake mined with status 0 at its block: the pause named after the pool was unpaused", async () => {
      await node.publicClient.waitForTransactionReceipt({
        hash: await send(local.deployment.pooToken, approveData),
      });
      await node.testClient.setAutomine(false);
      // The stake goes first into the pool of pending transactions with a fixed gas limit (no estimate),
      // then the owner's pause with a higher tip, so the block runs the pause first.
      const stake = await node.walletClient.sendTransaction({
        account: ACCOUNT,
        chain: node.publicClient.chain,
        to: local.deployment.staking,
        data: stakeData,
        gas: 400_000n,
        maxPriorityFeePerGas: parseGwei("1"),
      });
      await node.walletClient.sendTransaction({
        account: OWNER,
        chain: node.publicClient.chain,
        to: local.deployment.staking,
        data: encodeFunctionData({ abi: referenceStakingAbi, functionName: "pause" }),
        maxPriorityFeePerGas: parseGwei("5"),
      });
      await node.testClient.mine({ blocks: 1 });
      await node.testClient.setAutomine(true);
      const receipt = await node.publicClient.getTransactionReceipt({ hash: stake });
      assert.equal(receipt.status, "reverted");
      // The owner unpauses before the app gets to replay it: on the latest state the stake would pass,
      // so only a replay pinned to the stake's own block still sees the pause.
      await send(
        local.deployment.staking,
        encodeFunctionData({ abi: referenceStakingAbi, functionName: "unpause" }),
        OWNER,
      );
      const paused = await node.publicClient.readContract({
        address: local.deployment.staking,
        abi: referenceStakingAbi,
        functionName: "paused",
      });
      assert.equal(paused, false);

      const why = await new ViemTransactionReplayer(config).whyReverted(stake, CHAIN_ID);
      assert.ok(why instanceof ContractRevertError, `the replay found no reason (${String(why)})`);
      assert.equal(
        why.minedAs("stake", stake).shortMessage,
        contract === "Staking"
          ? "The stake failed on chain: the pool is paused."
          : "The stake failed on chain: Staking is paused.",
      );
    });

    it("cannot tell why a transaction ran out of gas: no reason, so today's text stays", async () => {
      await node.publicClient.waitForTransactionReceipt({
        hash: await send(local.deployment.pooToken, approveData),
      });
      // An automining node refuses a transaction that fails: queue it, then mine it.
      await node.testClient.setAutomine(false);
      const stake = await node.walletClient.sendRawTransaction({
        serializedTransaction: await privateKeyToAccount(ACCOUNT_KEY).signTransaction({
          chainId: CHAIN_ID,
          type: "eip1559",
          to: local.deployment.staking,
          data: stakeData,
          gas: 60_000n,
          nonce: await node.publicClient.getTransactionCount({ address: ACCOUNT }),
          maxFeePerGas: parseGwei("10"),
          maxPriorityFeePerGas: parseGwei("1"),
        }),
      });
      await node.testClient.mine({ blocks: 1 });
      await node.testClient.setAutomine(true);
      const receipt = await node.publicClient.waitForTransactionReceipt({ hash: stake });
      assert.equal(receipt.status, "reverted");
      assert.equal(await new ViemTransactionReplayer(config).whyReverted(stake, CHAIN_ID), undefined);
      // A successful transaction has nothing to replay either.
      const approve = await send(local.deployment.pooToken, approveData);
      await node.publicClient.waitForTransactionReceipt({ hash: approve });
      assert.equal(await new ViemTransactionReplayer(config).whyReverted(approve, CHAIN_ID), undefined);
    });
  });
}
