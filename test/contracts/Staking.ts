import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { encodeFunctionData, getAddress, maxUint256 } from "viem";
import {
  DAY,
  MIN_STAKE,
  SUPPLY,
  ZERO_ADDRESS,
  networkHelpers,
  poo,
  stakingFixture,
  tokensFixture,
  viem,
} from "./fixtures.ts";

const { loadFixture, time } = networkHelpers;

async function fixture() {
  const f = await loadFixture(stakingFixture);
  const [alice, bob, carol] = f.users;
  if (!alice || !bob || !carol) throw new Error("fixture needs three users");
  return { ...f, alice, bob, carol };
}

describe("Staking", () => {
  describe("constructor", () => {
    it("stores the tokens, limits and owner", async () => {
      const { staking, pooToken, crapToken, owner } = await fixture();
      assert.equal(await staking.read.pooToken(), getAddress(pooToken.address));
      assert.equal(await staking.read.crapToken(), getAddress(crapToken.address));
      assert.equal(await staking.read.MIN_STAKE(), MIN_STAKE);
      assert.equal(await staking.read.MIN_STAKE_DURATION(), DAY);
      assert.equal(await staking.read.owner(), getAddress(owner.account.address));
      assert.equal(await staking.read.rewardRate(), 0n);
      assert.equal(await staking.read.totalStaked(), 0n);
      assert.equal(await staking.read.stakersCount(), 0n);
      assert.equal(await staking.read.rewardsAvailable(), 0n);
    });

    it("rejects zero addresses, equal tokens, a zero minimum stake and a zero owner", async () => {
      const { staking, pooToken, crapToken, owner } = await fixture();
      const me = owner.account.address;
      const deploy = (args: readonly [`0x${string}`, `0x${string}`, bigint, bigint, `0x${string}`]) =>
        viem.deployContract("Staking", [...args]);
      await viem.assertions.revertWithCustomError(
        deploy([ZERO_ADDRESS, crapToken.address, MIN_STAKE, DAY, me]),
        staking,
        "ZeroAddress",
      );
      await viem.assertions.revertWithCustomError(
        deploy([pooToken.address, ZERO_ADDRESS, MIN_STAKE, DAY, me]),
        staking,
        "ZeroAddress",
      );
      await viem.assertions.revertWithCustomError(
        deploy([pooToken.address, pooToken.address, MIN_STAKE, DAY, me]),
        staking,
        "SameToken",
      );
      await viem.assertions.revertWithCustomError(
        deploy([pooToken.address, crapToken.address, 0n, DAY, me]),
        staking,
        "ZeroMinStake",
      );
      await viem.assertions.revertWithCustomErrorWithArgs(
        deploy([pooToken.address, crapToken.address, MIN_STAKE, DAY, ZERO_ADDRESS]),
        staking,
        "OwnableInvalidOwner",
        [ZERO_ADDRESS],
      );
    });
  });

  describe("stake", () => {
    it("records the first stake, lists the staker and emits Staked", async () => {
      const { staking, pooToken, alice } = await fixture();
      await viem.assertions.emitWithArgs(
        staking.write.stake([poo(150)], { account: alice.account }),
        staking,
        "Staked",
        [getAddress(alice.account.address), poo(150), poo(150)],
      );
      const now = BigInt(await time.latest());
      assert.equal(await staking.read.stakedAmount([alice.account.address]), poo(150));
      assert.equal(await staking.read.stakedTime([alice.account.address]), now);
      assert.equal(await staking.read.unlockTime([alice.account.address]), now + DAY);
      assert.equal(await staking.read.totalStaked(), poo(150));
      assert.equal(await staking.read.stakersCount(), 1n);
      assert.equal(await staking.read.stakers([0n]), getAddress(alice.account.address));
      assert.equal(await pooToken.read.balanceOf([staking.address]), poo(150));
    });

    it("adds to an existing stake, restarts the lock and keeps one list entry", async () => {
      const { staking, alice } = await fixture();
      await staking.write.stake([poo(100)], { account: alice.account });
      await time.increase(3_600);
      await viem.assertions.emitWithArgs(
        staking.write.stake([poo(100)], { account: alice.account }),
        staking,
        "Staked",
        [getAddress(alice.account.address), poo(100), poo(200)],
      );
      const now = BigInt(await time.latest());
      assert.equal(await staking.read.stakedAmount([alice.account.address]), poo(200));
      assert.equal(await staking.read.stakedTime([alice.account.address]), now);
      assert.equal(await staking.read.stakersCount(), 1n);
    });

    it("rejects a call below MIN_STAKE, even when adding to a stake", async () => {
      const { staking, alice } = await fixture();
      await viem.assertions.revertWithCustomErrorWithArgs(
        staking.write.stake([MIN_STAKE - 1n], { account: alice.account }),
        staking,
        "BelowMinStake",
        [MIN_STAKE - 1n, MIN_STAKE],
      );
      await staking.write.stake([MIN_STAKE], { account: alice.account });
      await viem.assertions.revertWithCustomErrorWithArgs(
        staking.write.stake([1n], { account: alice.account }),
        staking,
        "BelowMinStake",
        [1n, MIN_STAKE],
      );
    });

    it("needs an allowance and a balance", async () => {
      const { staking, pooToken, alice } = await fixture();
      await pooToken.write.approve([staking.address, 0n], { account: alice.account });
      await viem.assertions.revertWithCustomError(
        staking.write.stake([MIN_STAKE], { account: alice.account }),
        pooToken,
        "ERC20InsufficientAllowance",
      );
      await pooToken.write.approve([staking.address, maxUint256], { account: alice.account });
      await viem.assertions.revertWithCustomError(
        staking.write.stake([poo(2_000_000)], { account: alice.account }),
        pooToken,
        "ERC20InsufficientBalance",
      );
    });

    it("is refused while the pool is paused", async () => {
      const { staking, alice } = await fixture();
      await staking.write.pause();
      await viem.assertions.revertWithCustomError(
        staking.write.stake([MIN_STAKE], { account: alice.account }),
        staking,
        "EnforcedPause",
      );
    });
  });

  describe("withdraw", () => {
    it("reverts without a stake", async () => {
      const { staking, alice } = await fixture();
      await viem.assertions.revertWithCustomError(
        staking.write.withdraw({ account: alice.account }),
        staking,
        "NothingStaked",
      );
    });

    it("reverts with the unlock time before MIN_STAKE_DURATION has passed", async () => {
      const { staking, alice } = await fixture();
      await staking.write.stake([MIN_STAKE], { account: alice.account });
      const unlockAt = BigInt(await time.latest()) + DAY;
      await time.setNextBlockTimestamp(unlockAt - 1n);
      await viem.assertions.revertWithCustomErrorWithArgs(
        staking.write.withdraw({ account: alice.account }),
        staking,
        "StakeLocked",
        [unlockAt],
      );
      await time.setNextBlockTimestamp(unlockAt);
      await staking.write.withdraw({ account: alice.account });
    });

    it("returns the whole stake and the reward, clears the position and emits Withdrawn", async () => {
      const { staking, pooToken, crapToken, alice } = await fixture();
      await staking.write.fundRewards([poo(1_000_000)]);
      await staking.write.setRewardRate([poo(1)]);
      await staking.write.stake([poo(500)], { account: alice.account });
      const stakedAt = BigInt(await time.latest());
      await time.setNextBlockTimestamp(stakedAt + DAY);
      await viem.assertions.emitWithArgs(
        staking.write.withdraw({ account: alice.account }),
        staking,
        "Withdrawn",
        [getAddress(alice.account.address), poo(500), poo(86_400)],
      );
      assert.equal(await pooToken.read.balanceOf([alice.account.address]), poo(1_000_000));
      assert.equal(await crapToken.read.balanceOf([alice.account.address]), poo(86_400));
      assert.equal(await staking.read.stakedAmount([alice.account.address]), 0n);
      assert.equal(await staking.read.stakedTime([alice.account.address]), 0n);
      assert.equal(await staking.read.unlockTime([alice.account.address]), 0n);
      assert.equal(await staking.read.stakeDuration([alice.account.address]), 0n);
      assert.equal(await staking.read.rewards([alice.account.address]), 0n);
      assert.equal(await staking.read.stakersCount(), 0n);
      assert.equal(await staking.read.totalStaked(), 0n);
      assert.equal(await staking.read.totalRewardsPaid(), poo(86_400));
    });

    it("works while paused", async () => {
      const { staking, alice } = await fixture();
      await staking.write.stake([MIN_STAKE], { account: alice.account });
      await staking.write.pause();
      await time.increase(Number(DAY));
      await staking.write.withdraw({ account: alice.account });
      assert.equal(await staking.read.stakedAmount([alice.account.address]), 0n);
    });

    it("removes stakers from the list by swap and pop, in any order", async () => {
      const { staking, alice, bob, carol } = await fixture();
      for (const user of [alice, bob, carol])
        await staking.write.stake([MIN_STAKE], { account: user.account });
      const list = async () => {
        const count = await staking.read.stakersCount();
        const out: string[] = [];
        for (let i = 0n; i < count; i++) out.push(await staking.read.stakers([i]));
        return out;
      };
      const [a, b, c] = [alice, bob, carol].map((u) => getAddress(u.account.address));
      assert.deepEqual(await list(), [a, b, c]);
      await time.increase(Number(DAY));

      await staking.write.withdraw({ account: alice.account }); // head: carol moves into slot 0
      assert.deepEqual(await list(), [c, b]);
      await staking.write.stake([MIN_STAKE], { account: alice.account }); // re-listed at the end
      assert.deepEqual(await list(), [c, b, a]);
      await time.increase(Number(DAY));
      await staking.write.withdraw({ account: alice.account }); // tail: plain pop
      assert.deepEqual(await list(), [c, b]);
      await staking.write.withdraw({ account: bob.account });
      await staking.write.withdraw({ account: carol.account });
      assert.deepEqual(await list(), []);
      await viem.assertions.revert(staking.read.stakers([0n]));

      // The moved staker's index was updated: it can still withdraw after others left.
      await staking.write.stake([MIN_STAKE], { account: bob.account });
      await staking.write.stake([MIN_STAKE], { account: carol.account });
      await time.increase(Number(DAY));
      await staking.write.withdraw({ account: bob.account });
      assert.deepEqual(await list(), [c]);
      await staking.write.withdraw({ account: carol.account });
      assert.deepEqual(await list(), []);
    });
  });

  describe("views", () => {
    it("stakeDuration counts seconds since the latest stake, 0 when not staked", async () => {
      const { staking, alice } = await fixture();
      assert.equal(await staking.read.stakeDuration([alice.account.address]), 0n);
      await staking.write.stake([MIN_STAKE], { account: alice.account });
      await time.increase(500);
      assert.equal(await staking.read.stakeDuration([alice.account.address]), 500n);
    });
  });

  describe("owner functions", () => {
    it("fundRewards pulls CRAP into the reserve and emits RewardsFunded", async () => {
      const { staking, crapToken, owner } = await fixture();
      await viem.assertions.emitWithArgs(staking.write.fundRewards([poo(1_000)]), staking, "RewardsFunded", [
        getAddress(owner.account.address),
        poo(1_000),
      ]);
      assert.equal(await crapToken.read.balanceOf([staking.address]), poo(1_000));
      assert.equal(await staking.read.rewardsAvailable(), poo(1_000));
      assert.equal(await staking.read.totalRewardsFunded(), poo(1_000));
    });

    it("fundRewards rejects zero, missing allowance and non-owners", async () => {
      const { staking, crapToken, alice } = await fixture();
      await viem.assertions.revertWithCustomError(staking.write.fundRewards([0n]), staking, "ZeroAmount");
      await crapToken.write.approve([staking.address, 0n]);
      await viem.assertions.revertWithCustomError(
        staking.write.fundRewards([1n]),
        crapToken,
        "ERC20InsufficientAllowance",
      );
      await viem.assertions.revertWithCustomErrorWithArgs(
        staking.write.fundRewards([1n], { account: alice.account }),
        staking,
        "OwnableUnauthorizedAccount",
        [getAddress(alice.account.address)],
      );
    });

    it("setRewardRate stores the rate, emits RewardRateSet and is owner-only", async () => {
      const { staking, alice } = await fixture();
      await viem.assertions.emitWithArgs(staking.write.setRewardRate([poo(2)]), staking, "RewardRateSet", [
        0n,
        poo(2),
      ]);
      await viem.assertions.emitWithArgs(staking.write.setRewardRate([5n]), staking, "RewardRateSet", [
        poo(2),
        5n,
      ]);
      assert.equal(await staking.read.rewardRate(), 5n);
      await viem.assertions.revertWithCustomErrorWithArgs(
        staking.write.setRewardRate([1n], { account: alice.account }),
        staking,
        "OwnableUnauthorizedAccount",
        [getAddress(alice.account.address)],
      );
    });

    it("pause and unpause are owner-only and emit events", async () => {
      const { staking, alice, owner } = await fixture();
      await viem.assertions.emitWithArgs(staking.write.pause(), staking, "Paused", [
        getAddress(owner.account.address),
      ]);
      assert.equal(await staking.read.paused(), true);
      await viem.assertions.revertWithCustomError(staking.write.pause(), staking, "EnforcedPause");
      await viem.assertions.emitWithArgs(staking.write.unpause(), staking, "Unpaused", [
        getAddress(owner.account.address),
      ]);
      await viem.assertions.revertWithCustomError(staking.write.unpause(), staking, "ExpectedPause");
      for (const call of [
        staking.write.pause({ account: alice.account }),
        staking.write.unpause({ account: alice.account }),
      ]) {
        await viem.assertions.revertWithCustomErrorWithArgs(call, staking, "OwnableUnauthorizedAccount", [
          getAddress(alice.account.address),
        ]);
      }
    });

    it("recoverERC20 returns a stray token to the owner and refuses POO and CRAP", async () => {
      const { staking, pooToken, crapToken, owner, alice } = await fixture();
      const stray = await viem.deployContract("CrapToken", [alice.account.address, poo(10)]);
      await stray.write.transfer([staking.address, poo(10)], { account: alice.account });
      await viem.assertions.emitWithArgs(
        staking.write.recoverERC20([stray.address, poo(4)]),
        staking,
        "ERC20Recovered",
        [getAddress(stray.address), getAddress(owner.account.address), poo(4)],
      );
      assert.equal(await stray.read.balanceOf([owner.account.address]), poo(4));
      assert.equal(await stray.read.balanceOf([staking.address]), poo(6));

      for (const token of [pooToken.address, crapToken.address]) {
        await viem.assertions.revertWithCustomErrorWithArgs(
          staking.write.recoverERC20([token, 1n]),
          staking,
          "UnrecoverableToken",
          [getAddress(token)],
        );
      }
      await viem.assertions.revertWithCustomErrorWithArgs(
        staking.write.recoverERC20([stray.address, 1n], { account: alice.account }),
        staking,
        "OwnableUnauthorizedAccount",
        [getAddress(alice.account.address)],
      );
    });
  });

  describe("reentrancy", () => {
    async function reentrantFixture() {
      const { owner, crapToken } = await tokensFixture();
      const token = await viem.deployContract("ReentrantToken", [SUPPLY]);
      const staking = await viem.deployContract("Staking", [
        token.address,
        crapToken.address,
        MIN_STAKE,
        0n,
        owner.account.address,
      ]);
      await token.write.approve([staking.address, maxUint256]);
      return { staking, token };
    }

    it("a token calling back into withdraw during stake is stopped by the guard", async () => {
      const { staking, token } = await loadFixture(reentrantFixture);
      await staking.write.stake([MIN_STAKE]);
      await token.write.arm([
        staking.address,
        encodeFunctionData({ abi: staking.abi, functionName: "withdraw" }),
      ]);
      await viem.assertions.revertWithCustomError(
        staking.write.stake([MIN_STAKE]),
        staking,
        "ReentrancyGuardReentrantCall",
      );
    });

    it("a token calling back into stake during withdraw is stopped by the guard", async () => {
      const { staking, token } = await loadFixture(reentrantFixture);
      await staking.write.stake([MIN_STAKE]);
      await token.write.arm([
        staking.address,
        encodeFunctionData({ abi: staking.abi, functionName: "stake", args: [MIN_STAKE] }),
      ]);
      await viem.assertions.revertWithCustomError(
        staking.write.withdraw(),
        staking,
        "ReentrancyGuardReentrantCall",
      );
    });
  });
});
