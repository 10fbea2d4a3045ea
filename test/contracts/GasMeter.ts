import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { decodeErrorResult, decodeFunctionResult, encodeFunctionData, type Address, type Hex } from "viem";
import { loadArtifact } from "../../scripts/lib/artifacts.ts";
import { MIN_STAKE, networkHelpers, provider, stakingFixture } from "./fixtures.ts";

const { loadFixture } = networkHelpers;
const meter = await loadArtifact("GasMeter");

/** eth_call of measure(calls) from `account` to itself, with the meter's code put there by a state override. */
async function measure(account: Address, calls: ReadonlyArray<{ target: Address; data: Hex }>): Promise<Hex> {
  return (await provider.request({
    method: "eth_call",
    params: [
      {
        from: account,
        to: account,
        data: encodeFunctionData({ abi: meter.abi, functionName: "measure", args: [calls] }),
      },
      "latest",
      { [account]: { code: meter.deployedBytecode } },
    ],
  })) as Hex;
}

/** The revert data of an eth_call that reverted (Hardhat puts it on the error's `data`). */
async function revertData(call: Promise<unknown>): Promise<Hex> {
  try {
    await call;
  } catch (error) {
    const data = (error as { data?: unknown }).data;
    if (typeof data === "string") return data as Hex;
    throw error;
  }
  throw new Error("the call did not revert");
}

describe("GasMeter (run through eth_call, never deployed)", () => {
  it("runs the calls in order as the account, so the stake sees the approval, and returns each call's gas", async () => {
    const { owner, pooToken, staking } = await loadFixture(stakingFixture);
    const account = owner.account.address;
    const approve = encodeFunctionData({
      abi: pooToken.abi,
      functionName: "approve",
      args: [staking.address, MIN_STAKE],
    });
    const stake = encodeFunctionData({ abi: staking.abi, functionName: "stake", args: [MIN_STAKE] });
    const result = await measure(account, [
      { target: pooToken.address, data: approve },
      { target: staking.address, data: stake },
    ]);
    const gasUsed = decodeFunctionResult({
      abi: meter.abi,
      functionName: "measure",
      data: result,
    }) as bigint[];
    assert.equal(gasUsed.length, 2);
    // An approval from zero writes a fresh slot (20,000 gas); a first stake writes several.
    assert.ok(gasUsed[0]! > 20_000n && gasUsed[0]! < 40_000n, `approve ${gasUsed[0]}`);
    assert.ok(gasUsed[1]! > gasUsed[0]!, `stake ${gasUsed[1]}`);
    // Nothing happened on chain: it was a call.
    assert.equal(await pooToken.read.allowance([account, staking.address]), 0n);
    assert.equal(await staking.read.stakedAmount([account]), 0n);
  });

  it("reverts with CallFailed(index, the call's revert data) at the first call that fails", async () => {
    const { owner, pooToken, staking } = await loadFixture(stakingFixture);
    const stake = encodeFunctionData({ abi: staking.abi, functionName: "stake", args: [MIN_STAKE] });
    const data = await revertData(measure(owner.account.address, [{ target: staking.address, data: stake }]));
    const failed = decodeErrorResult({ abi: meter.abi, data });
    assert.equal(failed.errorName, "CallFailed");
    const [index, reason] = failed.args as [bigint, Hex];
    assert.equal(index, 0n);
    // The stake alone meets the missing allowance inside the token.
    assert.equal(
      decodeErrorResult({ abi: pooToken.abi, data: reason }).errorName,
      "ERC20InsufficientAllowance",
    );
  });
});
