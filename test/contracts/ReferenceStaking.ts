import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { getAddress, maxUint256, parseEther, toFunctionSelector } from "viem";
import { DAY, MIN_STAKE, USER_POO, networkHelpers, poo, tokensFixture, viem } from "./fixtures.ts";

const { loadFixture, time } = networkHelpers;

/** CRAP base units per whole POO per second: 150 POO earn 0.015 CRAP a second. */
const RATE = parseEther("0.0001");
const FUND = parseEther("1000000");

async function referenceFixture() {
  const base = await tokensFixture();
  const { owner, alice, bob, pooToken, crapToken } = base;
  const staking = await viem.deployContract("ReferenceStaking", [
    pooToken.address,
    crapToken.address,
    MIN_STAKE,
    DAY,
    RATE,
  ]);
  await pooToken.write.setStakingContract([staking.address]);
  await crapToken.write.transfer([staking.address, FUND]);
  for (const user of [alice, bob]) {
    await pooToken.write.transfer([user.account.address, USER_POO]);
    await pooToken.write.approve([staking.address, maxUint256], { account: user.account });
  }
  return { ...base, owner, staking };
}

describe("ReferenceStaking (the spec's interface alone)", () => {
  it("exposes exactly the spec's reads and none of the optional ones", async () => {
    const { staking } = await loadFixture(referenceFixture);
    const code = await (await viem.getPublicClient()).getCode({ address: staking.address });
    const has = (signature: string) => code!.includes(toFunctionSelector(signature).slice(2));
    for (const signature of [
      "stake(uint256)",
      "withdraw()",
      "rewards(address)",
      "stakedAmount(address)",
      "stakedTime(address)",
      "stakeDuration(address)",
      "stakers(uint256)",
      "MIN_STAKE()",
      "MIN_STAKE_DURATION()",
      "paused()",
    ])
      assert.ok(has(signature), `${signature} is part of the interface`);
    for (const signature of [
      "rewardRate()",
      "totalStaked()",
      "rewardsAvailable()",
      "unlockTime(address)",
      "stakersCount()",
    ])
      assert.ok(!has(signature), `${signature} must not be there`);
  });

  it("stakes, restarts the lock on a second stake, and lists the staker once", async () => {
    const { staking, alice, pooToken } = await loadFixture(referenceFixture);
    await staking.write.stake([poo(150)], { account: alice.account });
    const first = await staking.read.stakedTime([alice.account.address]);
    await time.increase(100);
    await staking.write.stake([poo(100)], { account: alice.account });
    assert.equal(await staking.read.stakedAmount([alice.account.address]), poo(250));
    assert.ok((await staking.read.stakedTime([alice.account.address])) >= first + 100n);
    assert.equal(await staking.read.stakers([0n]), getAddress(alice.account.address));
    await assert.rejects(staking.read.stakers([1n]));
    assert.equal(await pooToken.read.balanceOf([staking.address]), poo(250));
  });

  it("refuses with require strings: below the minimum, paused, nothing staked, locked, not the owner", async () => {
    const { staking, alice, bob } = await loadFixture(referenceFixture);
    await viem.assertions.revertWith(
      staking.write.stake([poo(99)], { account: alice.account }),
      "Amount is below the minimum stake",
    );
    await viem.assertions.revertWith(
      staking.write.withdraw({ account: alice.account }),
      "Nothing to withdraw",
    );
    await staking.write.stake([poo(150)], { account: alice.account });
    await viem.assertions.revertWith(
      staking.write.withdraw({ account: alice.account }),
      "Stake is still locked",
    );
    await viem.assertions.revertWith(
      staking.write.pause({ account: bob.account }),
      "Caller is not the owner",
    );
    await staking.write.pause();
    assert.equal(await staking.read.paused(), true);
    await viem.assertions.revertWith(
      staking.write.stake([poo(150)], { account: bob.account }),
      "Staking is paused",
    );
  });

  it("accrues rewards per staked POO per second and pays them with the stake on withdraw, even while paused", async () => {
    const { staking, alice, pooToken, crapToken } = await loadFixture(referenceFixture);
    await staking.write.stake([poo(150)], { account: alice.account });
    const stakedAt = await staking.read.stakedTime([alice.account.address]);
    await time.increaseTo(stakedAt + DAY);
    assert.equal(await staking.read.rewards([alice.account.address]), (poo(150) * RATE * DAY) / 10n ** 18n);
    assert.equal(await staking.read.stakeDuration([alice.account.address]), DAY);
    await staking.write.pause();
    await staking.write.withdraw({ account: alice.account });
    const paidFor = (await time.latest()) - Number(stakedAt);
    const expected = (poo(150) * RATE * BigInt(paidFor)) / 10n ** 18n;
    assert.equal(await crapToken.read.balanceOf([alice.account.address]), expected);
    assert.equal(await pooToken.read.balanceOf([alice.account.address]), USER_POO);
    assert.equal(await staking.read.stakedAmount([alice.account.address]), 0n);
    assert.equal(await staking.read.rewards([alice.account.address]), 0n);
    await assert.rejects(staking.read.stakers([0n]));
  });
});
