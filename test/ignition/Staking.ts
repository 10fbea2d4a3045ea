import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { network } from "hardhat";
import { getAddress, parseEther } from "viem";
import StakingModule from "../../ignition/modules/Staking.ts";
import type { StakingParameters } from "../../scripts/lib/ignition/stakingParameters.ts";
import { FAST_DEPLOY, parametersOf } from "./parametersOf.ts";

const { ignition, viem, networkHelpers } = await network.create();
const { loadFixture, time } = networkHelpers;

/**
 * What each network's deployment is to be, as docs/contracts.md states it, written here by hand: the
 * test checks the parameter file against these, and the deployed contracts against these, so a value
 * changed in the file alone fails here instead of being read back as its own expectation.
 */
const STATED: Record<"localhost" | "sepolia", StakingParameters> = {
  localhost: {
    minStake: parseEther("100"),
    minStakeDuration: 86_400n,
    rewardFund: parseEther("1000000"),
    rewardRate: parseEther("0.01"),
    // Five test accounts × 1,000,000 POO.
    pooSupply: parseEther("5000000"),
    crapSupply: parseEther("1000000"),
  },
  sepolia: {
    minStake: parseEther("100"),
    minStakeDuration: 86_400n,
    rewardFund: parseEther("1000000"),
    rewardRate: parseEther("0.01"),
    pooSupply: parseEther("100000000"),
    crapSupply: parseEther("1000000"),
  },
};

// Every network's parameter file that deploys this module, on the simulated chain.
for (const networkName of ["localhost", "sepolia"] as const) {
  const expected = STATED[networkName];
  async function deployed() {
    const setup = await parametersOf(viem, networkName, "Staking");
    const contracts = await ignition.deploy(StakingModule, {
      parameters: setup.parameters,
      config: FAST_DEPLOY,
    });
    return { ...setup, ...contracts };
  }

  describe(`Staking module with ignition/parameters/${networkName}.json`, () => {
    it("the file holds the stated values", async () => {
      const { expected: inFile } = await parametersOf(viem, networkName, "Staking");
      assert.deepEqual(inFile, expected);
    });

    it("deploys POO, CRAP and the pool with the stated values, all owned by the deployer", async () => {
      const { pooToken, crapToken, staking, deployer } = await loadFixture(deployed);
      for (const contract of [pooToken, crapToken, staking])
        assert.equal(await contract.read.owner(), deployer);
      assert.equal(await staking.read.pooToken(), getAddress(pooToken.address));
      assert.equal(await staking.read.crapToken(), getAddress(crapToken.address));
      assert.equal(await staking.read.MIN_STAKE(), expected.minStake);
      assert.equal(await staking.read.MIN_STAKE_DURATION(), expected.minStakeDuration);
      assert.equal(await pooToken.read.totalSupply(), expected.pooSupply);
      assert.equal(await pooToken.read.balanceOf([deployer]), expected.pooSupply);
      assert.equal(await crapToken.read.totalSupply(), expected.crapSupply);
    });

    it("wires them: POO knows the pool, the reserve holds the fund, the rate is set", async () => {
      const { pooToken, crapToken, staking, deployer } = await loadFixture(deployed);
      assert.equal(await pooToken.read.stakingContract(), getAddress(staking.address));
      assert.equal(await staking.read.rewardsAvailable(), expected.rewardFund);
      assert.equal(await staking.read.totalRewardsFunded(), expected.rewardFund);
      assert.equal(await crapToken.read.balanceOf([staking.address]), expected.rewardFund);
      assert.equal(await crapToken.read.balanceOf([deployer]), expected.crapSupply - expected.rewardFund);
      assert.equal(
        await crapToken.read.allowance([deployer, staking.address]),
        0n,
        "the approval was used up",
      );
      assert.equal(await staking.read.rewardRate(), expected.rewardRate);
    });

    if (networkName === "localhost") {
      it("yields a working pool: 100 POO staked alone for a day earn 864 CRAP (0.01 CRAP/s)", async () => {
        const { pooToken, crapToken, staking, user } = await loadFixture(deployed);
        await pooToken.write.transfer([user.account.address, parseEther("100")]);
        await pooToken.write.approve([staking.address, parseEther("100")], { account: user.account });
        await staking.write.stake([parseEther("100")], { account: user.account });
        await time.setNextBlockTimestamp((await time.latest()) + 86_400);
        await staking.write.withdraw({ account: user.account });
        assert.equal(await crapToken.read.balanceOf([user.account.address]), parseEther("864"));
        assert.equal(await pooToken.read.balanceOf([user.account.address]), parseEther("100"));
      });
    }
  });
}
