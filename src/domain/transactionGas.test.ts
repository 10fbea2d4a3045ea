import { describe, expect, it } from "vitest";
import { transactionGas } from "./transactionGas";

// The expectations are stated values, not the module's constants: a transaction's intrinsic 21,000
// (yellow paper), EIP-7702's 25,000 per authorization, and the 5,000 gas a call the quote allows for a
// wallet's batch executor. Whether those make a quote that covers what real batches use is checked on
// a chain in test/integration/feeAndReplay.ts.

// approve(0x9fe4…a6e0, 150e18): a 4-byte selector and two words.
const APPROVE =
  "0x095ea7b30000000000000000000000009fe46736679d2d9a65f0992f2272de9f3c7fa6e00000000000000000000000000000000000000000000000082" +
  "1ab0d4414980000";
// stake(150e18)
const STAKE = "0xa694fc3a00000000000000000000000000000000000000000000000821ab0d4414980000";

/** 16 per non-zero byte, 4 per zero byte, counted by hand from the hex above. */
function byHand(data: string): bigint {
  const bytes = data.slice(2).match(/../g) ?? [];
  return bytes.reduce((gas, byte) => gas + (byte === "00" ? 4n : 16n), 0n);
}

describe("transactionGas", () => {
  it("one call: the intrinsic cost, its calldata and its execution", () => {
    expect(byHand(STAKE)).toBe(11n * 16n + 25n * 4n);
    expect(transactionGas([{ executionGas: 172_115n, data: STAKE }])).toBe(21_000n + 276n + 172_115n);
  });

  it("a batch: one intrinsic cost for both calls, plus the executor's share of each", () => {
    const approve = { executionGas: 28_251n, data: APPROVE };
    const stake = { executionGas: 172_115n, data: STAKE };
    const separately = transactionGas([approve]) + transactionGas([stake]);
    const batched = transactionGas([approve, stake]);
    expect(byHand(APPROVE)).toBe(31n * 16n + 37n * 4n);
    expect(batched).toBe(21_000n + 644n + 28_251n + 276n + 172_115n + 2n * 5_000n);
    expect(separately - batched).toBe(21_000n - 2n * 5_000n);
  });

  it("a batch that upgrades the account first pays for the authorization too", () => {
    const calls = [
      { executionGas: 28_251n, data: APPROVE },
      { executionGas: 172_115n, data: STAKE },
    ];
    expect(transactionGas(calls, { upgrade: true }) - transactionGas(calls)).toBe(25_000n);
  });
});
