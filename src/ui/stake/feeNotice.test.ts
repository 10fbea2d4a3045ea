import { describe, expect, it } from "vitest";
import type { NetworkFeeView } from "../../application/use-cases/quoteNetworkFee";
import { ContractRevertError } from "../../domain/errors/contractRevertError";
import { networkFee } from "../../domain/networkFee";
import { feeNotice } from "./feeNotice";

const GWEI = 10n ** 9n;
const fee = networkFee([49_919n, 193_415n], { baseFeePerGas: GWEI / 5n, priorityFeePerGas: GWEI });
const view = (
  balance: bigint,
  sending: NetworkFeeView["sending"] = "approve-then-stake",
): NetworkFeeView => ({
  fee,
  balance,
  coverable: balance >= fee.maximum,
  currency: "ETH",
  ...(sending ? { sending } : {}),
});

describe("feeNotice", () => {
  it("says about how much, in the chain's currency, for what Enter sends", () => {
    // 243,334 gas at 1.2 gwei = 0.0002920008 ETH, rounded up to three digits
    expect(feeNotice(view(10n ** 18n), false, null)).toEqual({
      text: "Network fee: about 0.000293 ETH for the approval and the stake (two transactions).",
      short: false,
    });
    expect(feeNotice(view(10n ** 18n, "batch"), false, null)?.text).toBe(
      "Network fee: about 0.000293 ETH for the approval and the stake in one transaction.",
    );
    expect(feeNotice(view(10n ** 18n, undefined), false, null, "for the unstake")?.text).toBe(
      "Network fee: about 0.000293 ETH for the unstake.",
    );
  });

  it("says when the account cannot pay it, from what the wallet will ask for", () => {
    // The cap: 243,334 gas at 1.4 gwei = 0.0003406676 ETH
    expect(feeNotice(view(fee.maximum - 1n), false, null)).toEqual({
      text:
        "Network fee: about 0.000293 ETH for the approval and the stake (two transactions). Not enough ETH to pay it: " +
        "this account holds 0.000340 ETH and the wallet will ask for up to 0.000341 ETH.",
      short: true,
    });
    expect(feeNotice(view(fee.maximum), false, null)?.short).toBe(false);
  });

  it("estimating, or unavailable with the reason; nothing before there is anything to quote", () => {
    expect(feeNotice(undefined, true, null)).toEqual({ text: "Network fee: estimating…", short: false });
    expect(feeNotice(undefined, false, new ContractRevertError({ errorName: "EnforcedPause" }))).toEqual({
      text: "Network fee unavailable: The contract is paused. Try again later.",
      short: false,
    });
    expect(feeNotice(undefined, false, null)).toBeUndefined();
  });
});
