import { describe, expect, it } from "vitest";
import { networkFee } from "./networkFee";

const GWEI = 10n ** 9n;

describe("networkFee", () => {
  it("adds up every transaction Enter sends, at base fee plus tip, and twice the base fee as the cap", () => {
    // approve (49,919 gas) then stake (193,415 gas) at 0.2 gwei of base fee and a 1 gwei tip
    const fee = networkFee([49_919n, 193_415n], { baseFeePerGas: GWEI / 5n, priorityFeePerGas: GWEI });
    expect(fee.gas).toBe(243_334n);
    expect(fee.expected).toBe(243_334n * 1_200_000_000n);
    expect(fee.maximum).toBe(243_334n * 1_400_000_000n);
  });

  it("is the stake alone when only the stake is sent", () => {
    const fee = networkFee([193_415n], { baseFeePerGas: 10n * GWEI, priorityFeePerGas: 2n * GWEI });
    expect(fee.expected).toBe(193_415n * 12n * GWEI);
    expect(fee.maximum).toBe(193_415n * 22n * GWEI);
  });

  it("costs nothing for nothing sent, and only the tip on a chain without a base fee", () => {
    expect(networkFee([], { baseFeePerGas: GWEI, priorityFeePerGas: GWEI })).toEqual({
      gas: 0n,
      expected: 0n,
      maximum: 0n,
    });
    expect(networkFee([21_000n], { baseFeePerGas: 0n, priorityFeePerGas: GWEI }).maximum).toBe(
      21_000n * GWEI,
    );
  });
});
