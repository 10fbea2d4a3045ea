// Reward arithmetic against hand-computed figures. Every transaction gets an exact timestamp so the
// expected numbers can be worked out on paper; the rate is 1 CRAP per second unless stated.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { maxUint256 } from "viem";
import { DAY, networkHelpers, poo, stakingFixture } from "./fixtures.ts";

const { loadFixture, time } = networkHelpers;

async function fundedFixture() {
  const f = await stakingFixture();
  await f.staking.write.fundRewards([poo(1_000_000)]);
  await f.staking.write.setRewardRate([poo(1)]);
  return f;
}

async function smallReserveFixture() {
  const f = await stakingFixture();
  await f.staking.write.fundRewards([poo(150)]);
  await f.staking.write.setRewardRate([poo(1)]);
  return f;
}

async function roundingFixture() {
  const f = await stakingFixture();
  await f.staking.write.fundRewards([poo(1_000)]);
  await f.staking.write.setRewardRate([7n]); // 7 base units per second: every division rounds
  return f;
}

async function setup(fixtureFn: typeof fundedFixture = fundedFixture) {
  const f = await loadFixture(fixtureFn);
  const [alice, bob, carol] = f.users;
  if (!alice || !bob || !carol) throw new Error("fixture needs three users");
  const t0 = BigInt(await time.latest()) + 1_000n;
  /** Runs the next transaction at exactly t0 + offset. */
  const at = async (offset: bigint) => time.setNextBlockTimestamp(t0 + offset);
  /** Mines an empty block at t0 + offset so views read that instant. */
  const mineAt = async (offset: bigint) => time.increaseTo(t0 + offset);
  return { ...f, alice, bob, carol, at, mineAt };
}

describe("Staking rewards", () => {
  it("splits the rate by share: A 100 at t0, B 300 at t0+100, read at t0+200", async () => {
    const { staking, alice, bob, at, mineAt } = await setup();
    await at(0n);
    await staking.write.stake([poo(100)], { account: alice.account });
    await at(100n);
    await staking.write.stake([poo(300)], { account: bob.account });
    await mineAt(200n);
    // 0..100: A alone earns 100. 100..200: 100 CRAP split 1:3.
    assert.equal(await staking.read.rewards([alice.account.address]), poo(125));
    assert.equal(await staking.read.rewards([bob.account.address]), poo(75));
    assert.equal(await staking.read.rewardsAvailable(), poo(1_000_000 - 200));
    assert.equal(await staking.read.rewardPerToken(), poo(1.25));
  });

  it("keeps earned rewards across a top-up and pays them all on withdraw", async () => {
    const { staking, crapToken, alice, bob, at } = await setup();
    await at(0n);
    await staking.write.stake([poo(100)], { account: alice.account });
    await at(100n);
    await staking.write.stake([poo(300)], { account: bob.account });
    await at(200n);
    await staking.write.stake([poo(100)], { account: alice.account }); // A 200 : B 300 from here
    // Up to t0+200: A 125, B 75 (as above). Then 2/5 and 3/5 of every second.
    await at(300n + DAY); // A's lock restarted at t0+200; B's ended at t0+100+DAY
    await staking.write.withdraw({ account: bob.account });
    const bobReward = poo(75) + (poo(100 + 86_400) * 3n) / 5n; // 75 + 51,900
    assert.equal(await crapToken.read.balanceOf([bob.account.address]), bobReward);
    await at(310n + DAY);
    await staking.write.withdraw({ account: alice.account });
    const aliceReward = poo(125) + (poo(100 + 86_400) * 2n) / 5n + poo(10); // + 10 s alone
    assert.equal(await crapToken.read.balanceOf([alice.account.address]), aliceReward);
    assert.equal(await staking.read.totalRewardsPaid(), aliceReward + bobReward);
    assert.equal(await staking.read.rewardsAvailable(), poo(1_000_000) - aliceReward - bobReward);
  });

  it("accrues nothing while nobody stakes and loses nothing from the reserve", async () => {
    const { staking, alice, at, mineAt } = await setup();
    await mineAt(5_000n);
    assert.equal(await staking.read.rewardsAvailable(), poo(1_000_000));
    await at(5_001n);
    await staking.write.stake([poo(100)], { account: alice.account });
    await mineAt(5_011n);
    assert.equal(await staking.read.rewards([alice.account.address]), poo(10));
    assert.equal(await staking.read.rewardsAvailable(), poo(1_000_000 - 10));
  });

  it("settles elapsed time at the old rate before a rate change", async () => {
    const { staking, alice, at, mineAt } = await setup();
    await at(0n);
    await staking.write.stake([poo(100)], { account: alice.account });
    await at(100n);
    await staking.write.setRewardRate([poo(3)]);
    await mineAt(110n);
    assert.equal(await staking.read.rewards([alice.account.address]), poo(100 + 30));
    await at(120n);
    await staking.write.setRewardRate([0n]);
    await mineAt(1_000n);
    assert.equal(await staking.read.rewards([alice.account.address]), poo(100 + 60));
  });

  it("never promises more than the reserve: accrual stops when it runs dry", async () => {
    const { staking, crapToken, alice, bob, at, mineAt } = await setup(smallReserveFixture);
    await at(0n);
    await staking.write.stake([poo(100)], { account: alice.account });
    await at(100n);
    await staking.write.stake([poo(100)], { account: bob.account });
    await mineAt(1_000n);
    // 0..100: A 100. 100..200 would be 100 more, but only 50 are left: 25 each.
    assert.equal(await staking.read.rewards([alice.account.address]), poo(125));
    assert.equal(await staking.read.rewards([bob.account.address]), poo(25));
    assert.equal(await staking.read.rewardsAvailable(), 0n);

    // Funding later is not retroactive: the dry spell earns nothing.
    await at(2_000n);
    await staking.write.fundRewards([poo(10)]);
    await mineAt(2_004n);
    assert.equal(await staking.read.rewards([alice.account.address]), poo(127));
    assert.equal(await staking.read.rewards([bob.account.address]), poo(27));

    await at(DAY + 100n);
    await staking.write.withdraw({ account: alice.account });
    await at(DAY + 101n);
    await staking.write.withdraw({ account: bob.account });
    const paid =
      (await crapToken.read.balanceOf([alice.account.address])) +
      (await crapToken.read.balanceOf([bob.account.address]));
    assert.equal(paid, poo(160));
    assert.equal(await crapToken.read.balanceOf([staking.address]), 0n);
  });

  it("keeps accruing while paused", async () => {
    const { staking, alice, at, mineAt } = await setup();
    await at(0n);
    await staking.write.stake([poo(100)], { account: alice.account });
    await at(10n);
    await staking.write.pause();
    await mineAt(50n);
    assert.equal(await staking.read.rewards([alice.account.address]), poo(50));
  });

  it("caps an absurd rate at the reserve instead of overflowing, so withdrawals still work", async () => {
    const { staking, crapToken, alice, at } = await setup();
    await at(0n);
    await staking.write.stake([poo(100)], { account: alice.account });
    await at(1n);
    await staking.write.setRewardRate([maxUint256]);
    await at(DAY);
    await staking.write.withdraw({ account: alice.account });
    // 1 s at 1 CRAP/s, then everything that was left.
    assert.equal(await crapToken.read.balanceOf([alice.account.address]), poo(1_000_000));
    assert.equal(await staking.read.rewardsAvailable(), 0n);
  });

  it("rounds in the pool's favour: credits never exceed what left the reserve", async () => {
    const { staking, crapToken, users, at } = await setup(roundingFixture);
    const amounts = [poo(100) + 1n, poo(333) + 7n, poo(101) + 3n];
    for (const [i, amount] of amounts.entries()) {
      await at(BigInt(i) * 3n);
      await staking.write.stake([amount], { account: users[i]!.account });
    }
    await at(DAY + 13n);
    let paid = 0n;
    for (const [i, user] of users.slice(0, 3).entries()) {
      await at(DAY + 13n + BigInt(i));
      await staking.write.withdraw({ account: user.account });
      paid += await crapToken.read.balanceOf([user.account.address]);
    }
    const distributed = poo(1_000) - (await staking.read.rewardsAvailable());
    assert.ok(paid <= distributed, `paid ${paid} > distributed ${distributed}`);
    assert.ok(distributed - paid <= 3n * 3n, `dust ${distributed - paid} larger than expected`);
    assert.ok(paid > 0n);
    assert.equal(await crapToken.read.balanceOf([staking.address]), poo(1_000) - paid);
  });
});
