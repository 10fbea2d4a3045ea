import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { network } from "hardhat";
import { getAddress, parseEther } from "viem";
import ReferenceStakingModule from "../../ignition/modules/ReferenceStaking.ts";
import { FAST_DEPLOY, parametersOf } from "./parametersOf.ts";

const { ignition, viem, networkHelpers } = await network.create();
const { loadFixture, time } = networkHelpers;

async function deployed() {
  const setup = await parametersOf(viem, "localhost", "ReferenceStaking");
  const contracts = await ignition.deploy(ReferenceStakingModule, {
    parameters: setup.parameters,
    config: FAST_DEPLOY,
  });
  return { ...setup, ...contracts };
}

describe("ReferenceStaking module with ignition/parameters/localhost.json", () => {
  it("deploys the tokens and the spec-only pool with the file's values", async () => {
    const { expected, pooToken, crapToken, staking, deployer } = await loadFixture(deployed);
    assert.equal(await pooToken.read.owner(), deployer);
    assert.equal(await crapToken.read.owner(), deployer);
    assert.equal(await staking.read.owner(), deployer);
    assert.equal(await staking.read.MIN_STAKE(), expected.minStake);
    assert.equal(await staking.read.MIN_STAKE_DURATION(), expected.minStakeDuration);
    assert.equal(await pooToken.read.totalSupply(), expected.pooSupply);
  });

  it("wires it as far as the spec allows: POO knows the pool, which holds the reward fund", async () => {
    const { expected, pooToken, crapToken, staking, deployer } = await loadFixture(deployed);
    assert.equal(await pooToken.read.stakingContract(), getAddress(staking.address));
    assert.equal(await crapToken.read.balanceOf([staking.address]), expected.rewardFund);
    assert.equal(await crapToken.read.balanceOf([deployer]), expected.crapSupply - expected.rewardFund);
  });

  it("pays at the file's private rate: 150 POO earn 1.5 CRAP in 100 s (0.0001 CRAP per POO per s)", async () => {
    const { expected, pooToken, staking, user } = await loadFixture(deployed);
    assert.equal(expected.rewardPerTokenPerSecond, parseEther("0.0001"));
    await pooToken.write.transfer([user.account.address, parseEther("150")]);
    await pooToken.write.approve([staking.address, parseEther("150")], { account: user.account });
    await staking.write.stake([parseEther("150")], { account: user.account });
    await time.increase(100);
    assert.equal(await staking.read.rewards([user.account.address]), parseEther("1.5"));
  });
});
