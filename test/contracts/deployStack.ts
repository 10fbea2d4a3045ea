import assert from "node:assert/strict";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, it } from "node:test";
import { getAddress } from "viem";
import {
  LOCAL_DEFAULTS,
  LOCAL_MIN_STAKE,
  LOCAL_MIN_STAKE_DURATION,
  LOCAL_REWARD_FUND,
  LOCAL_REWARD_RATE,
  LOCAL_SEED_POO_EACH,
  deployStack,
  parseDeployment,
  writeDeployment,
} from "../../scripts/lib/deploy-stack.ts";
import { networkHelpers, poo, viem } from "./fixtures.ts";

const { loadFixture, time } = networkHelpers;

async function localStackFixture() {
  const publicClient = await viem.getPublicClient();
  const wallets = await viem.getWalletClients();
  const deployer = wallets[0]!;
  const accounts = wallets.slice(0, LOCAL_DEFAULTS.seedAccountCount).map((w) => w.account.address);
  const deployment = await deployStack({
    publicClient,
    walletClient: deployer,
    ...LOCAL_DEFAULTS,
    seed: { accounts, pooEach: LOCAL_DEFAULTS.seedPooEach },
  });
  const pooToken = await viem.getContractAt("PooToken", deployment.pooToken);
  const crapToken = await viem.getContractAt("CrapToken", deployment.crapToken);
  const staking = await viem.getContractAt("Staking", deployment.staking);
  return { deployment, accounts, wallets, pooToken, crapToken, staking };
}

describe("deployStack", () => {
  it("deploys and wires the three contracts with the local defaults", async () => {
    const { deployment, accounts, pooToken, crapToken, staking } = await loadFixture(localStackFixture);
    const deployer = getAddress(accounts[0]!);
    assert.equal(deployment.chainId, 31337);
    assert.equal(deployment.deployer, deployer);
    assert.equal(deployment.minStake, LOCAL_MIN_STAKE.toString());
    assert.equal(deployment.minStakeDuration, LOCAL_MIN_STAKE_DURATION.toString());
    assert.ok(Number.isInteger(deployment.deployBlock) && deployment.deployBlock > 0);

    for (const contract of [pooToken, crapToken, staking])
      assert.equal(await contract.read.owner(), deployer);
    assert.equal(await pooToken.read.stakingContract(), deployment.staking);
    assert.equal(await staking.read.pooToken(), deployment.pooToken);
    assert.equal(await staking.read.crapToken(), deployment.crapToken);
    assert.equal(await staking.read.MIN_STAKE(), LOCAL_MIN_STAKE);
    assert.equal(await staking.read.MIN_STAKE_DURATION(), LOCAL_MIN_STAKE_DURATION);
    assert.equal(await staking.read.rewardRate(), LOCAL_REWARD_RATE);
    assert.equal(await staking.read.rewardsAvailable(), LOCAL_REWARD_FUND);
    assert.equal(await crapToken.read.balanceOf([staking.address]), LOCAL_REWARD_FUND);
  });

  it("gives each of the first five accounts, the deployer included, exactly 1,000,000 POO", async () => {
    const { accounts, pooToken } = await loadFixture(localStackFixture);
    assert.equal(accounts.length, 5);
    for (const account of accounts)
      assert.equal(await pooToken.read.balanceOf([account]), LOCAL_SEED_POO_EACH);
    assert.equal(await pooToken.read.totalSupply(), LOCAL_SEED_POO_EACH * 5n);
  });

  it("yields a working pool: 100 POO staked for a day earns 864 CRAP alone", async () => {
    const { wallets, pooToken, crapToken, staking } = await loadFixture(localStackFixture);
    const user = wallets[1]!;
    await pooToken.write.approve([staking.address, poo(100)], { account: user.account });
    await staking.write.stake([poo(100)], { account: user.account });
    await time.setNextBlockTimestamp((await time.latest()) + 86_400);
    await staking.write.withdraw({ account: user.account });
    assert.equal(await crapToken.read.balanceOf([user.account.address]), poo(864)); // 0.01 CRAP/s * 86,400 s
  });

  it("writes deployments/<chainId>.json that parses back to the same deployment", async () => {
    const { deployment } = await loadFixture(localStackFixture);
    const dir = await mkdtemp(path.join(tmpdir(), "poo-deployments-"));
    try {
      const file = writeDeployment(path.join(dir, "nested"), deployment);
      assert.equal(file, path.join(dir, "nested", "31337.json"));
      const text = await readFile(file, "utf8");
      assert.ok(text.endsWith("}\n") && text.includes('\n  "staking": '), "pretty JSON");
      assert.deepEqual(parseDeployment(JSON.parse(text)), deployment);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("parseDeployment names the bad fields", () => {
    assert.throws(
      () => parseDeployment({ chainId: 1, pooToken: "0x12", deployBlock: "7", minStake: 100 }),
      (error: Error) =>
        ["pooToken", "crapToken", "deployBlock", "minStake"].every((f) => error.message.includes(f)),
    );
  });
});
