// Gas figures for the report: approve, first and later stakes, withdraw (with a reward to pay).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Hash } from "viem";
import { DAY, MIN_STAKE, networkHelpers, poo, stakingFixture, viem } from "./fixtures.ts";

const { loadFixture, time } = networkHelpers;

async function liveFixture() {
  const f = await stakingFixture();
  await f.staking.write.fundRewards([poo(1_000_000)]);
  await f.staking.write.setRewardRate([poo(0.01)]);
  return f;
}

describe("Gas", () => {
  it("prints the gas used by the user-facing transactions", async () => {
    const { staking, pooToken, users } = await loadFixture(liveFixture);
    const [alice, bob] = users;
    assert.ok(alice && bob);
    const publicClient = await viem.getPublicClient();
    const rows: [string, bigint][] = [];
    const measure = async (label: string, tx: Promise<Hash>) => {
      const receipt = await publicClient.waitForTransactionReceipt({ hash: await tx });
      assert.equal(receipt.status, "success");
      rows.push([label, receipt.gasUsed]);
    };

    // The fixture approved everything already; reset so approve is measured from a zero allowance.
    await pooToken.write.approve([staking.address, 0n], { account: alice.account });
    await measure(
      "POO approve (zero -> amount)",
      pooToken.write.approve([staking.address, poo(1_000)], { account: alice.account }),
    );
    await measure("stake, first (empty pool)", staking.write.stake([MIN_STAKE], { account: alice.account }));
    await time.increase(600);
    await measure(
      "stake, first (pool has stakers)",
      staking.write.stake([MIN_STAKE], { account: bob.account }),
    );
    await time.increase(600);
    await measure("stake, subsequent (top-up)", staking.write.stake([MIN_STAKE], { account: alice.account }));
    await time.increase(Number(DAY));
    await measure("withdraw (stake + CRAP reward)", staking.write.withdraw({ account: alice.account }));
    await measure("withdraw (last staker)", staking.write.withdraw({ account: bob.account }));

    const width = Math.max(...rows.map(([label]) => label.length));
    console.log(`\n    ${"transaction".padEnd(width)} | gas used`);
    console.log(`    ${"-".repeat(width)} | --------`);
    for (const [label, gas] of rows)
      console.log(`    ${label.padEnd(width)} | ${gas.toString().padStart(8)}`);
    console.log();
  });
});
