import assert from "node:assert/strict";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, it } from "node:test";
import type { EIP1193Provider, RequestArguments } from "@nomicfoundation/ignition-core";
import { network } from "hardhat";
import { getAddress, parseEther } from "viem";
import { deployOnSimulatedChain } from "../../scripts/lib/ignition/deployOnSimulatedChain.ts";
import { writeDeployment } from "../../scripts/lib/writeDeployment.ts";
import { deploymentSchema } from "../../src/app/config/deploymentSchema.ts";
import { chainTransactions } from "./chainTransactions.ts";

const { provider, viem, networkHelpers } = await network.create();

/** Nothing deployed: loadFixture brings every test back to this snapshot. */
async function blankChain() {
  return {};
}

/**
 * The chain's provider until the first contract's deployment is confirmed; every request after that
 * fails, as when the RPC goes away or the process is stopped.
 */
function failingAfterFirstContract(): EIP1193Provider {
  let down = false;
  return {
    request: async (args: RequestArguments) => {
      if (down) throw new Error("injected: the RPC went away");
      const result = (await provider.request(args)) as { contractAddress?: string | null } | null;
      if (args.method === "eth_getTransactionReceipt" && result?.contractAddress) down = true;
      return result;
    },
  };
}

async function withTempDir<T>(use: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), "poo-deploy-test-"));
  try {
    return await use(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe("deployOnSimulatedChain (the Ignition modules, in this process)", () => {
  it("resumes an interrupted deployment from its journal: each contract deployed exactly once", async () => {
    await networkHelpers.loadFixture(blankChain);
    await withTempDir(async (deploymentDir) => {
      await assert.rejects(
        deployOnSimulatedChain({ provider: failingAfterFirstContract(), deploymentDir }),
        /injected: the RPC went away/,
      );
      const interrupted = await chainTransactions(provider);
      assert.equal(interrupted.created.length, 1, "interrupted after the first contract");

      const deployment = await deployOnSimulatedChain({ provider, deploymentDir });
      const { created, calls } = await chainTransactions(provider);
      assert.equal(created.length, 3, `three deployment transactions in all, not ${created.length}`);
      assert.deepEqual(
        new Set(created),
        new Set([deployment.pooToken, deployment.crapToken, deployment.staking]),
        "the record names the contracts created, the first one kept from the interrupted run",
      );
      assert.equal(calls, 4, "setStakingContract, approve, fundRewards and setRewardRate, once each");
      const pooToken = await viem.getContractAt("PooToken", deployment.pooToken);
      const staking = await viem.getContractAt("Staking", deployment.staking);
      assert.equal(await pooToken.read.stakingContract(), deployment.staking);
      assert.equal(await staking.read.rewardsAvailable(), parseEther("1000000"));
    });
  });

  it("writes a deployments/<chainId>.json that the app's own schema reads back unchanged", async () => {
    await networkHelpers.loadFixture(blankChain);
    const deployment = await deployOnSimulatedChain({ provider });
    const { firstCreationBlock } = await chainTransactions(provider);
    const [deployer] = await viem.getWalletClients();
    assert.equal(deployment.chainId, 31337);
    assert.equal(deployment.deployBlock, firstCreationBlock, "the block of the first contract");
    assert.equal(deployment.deployer, getAddress(deployer!.account.address));
    assert.equal(deployment.minStake, parseEther("100").toString());
    assert.equal(deployment.minStakeDuration, "86400");
    assert.equal(deployment.stakingContract, "Staking");

    await withTempDir(async (dir) => {
      const file = writeDeployment(path.join(dir, "deployments"), deployment);
      assert.equal(file, path.join(dir, "deployments", "31337.json"));
      const parsed = deploymentSchema.safeParse(JSON.parse(await readFile(file, "utf8")));
      assert.ok(parsed.success, `schema issues: ${JSON.stringify(parsed.error?.issues)}`);
      assert.deepEqual(parsed.data, deployment);
    });
  });

  it("deploys ReferenceStaking on request, with parameters that replace the file's", async () => {
    await networkHelpers.loadFixture(blankChain);
    const deployment = await deployOnSimulatedChain({
      provider,
      stakingContract: "ReferenceStaking",
      parameters: { PooToken: { initialSupply: parseEther("7") } },
    });
    assert.equal(deployment.stakingContract, "ReferenceStaking");
    const pooToken = await viem.getContractAt("PooToken", deployment.pooToken);
    const crapToken = await viem.getContractAt("CrapToken", deployment.crapToken);
    const staking = await viem.getContractAt("ReferenceStaking", deployment.staking);
    assert.equal(await pooToken.read.totalSupply(), parseEther("7"));
    assert.equal(await pooToken.read.stakingContract(), deployment.staking);
    assert.equal(await crapToken.read.balanceOf([deployment.staking]), parseEther("1000000"));
    assert.equal(await staking.read.MIN_STAKE(), parseEther("100"));
  });

  it("refuses bad parameters with one line each, before sending anything", async () => {
    await networkHelpers.loadFixture(blankChain);
    const before = await provider.request({ method: "eth_blockNumber" });
    await assert.rejects(
      deployOnSimulatedChain({ provider, parameters: { Staking: { minStake: 0n, rewardFund: "lots" } } }),
      (error: Error) =>
        error.message.includes("Staking.minStake: must be greater than 0") &&
        error.message.includes("Staking.rewardFund: must be a whole number"),
    );
    assert.equal(await provider.request({ method: "eth_blockNumber" }), before);
  });
});
