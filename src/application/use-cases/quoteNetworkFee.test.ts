import { beforeEach, describe, expect, it } from "vitest";
import { FAKE_GAS, FakeFeeEstimator } from "../../adapters/fake/fakeFeeEstimator";
import { toAddress } from "../../domain/address";
import type { Signer } from "../ports/signer";
import { QuoteNetworkFee } from "./quoteNetworkFee";

const GWEI = 10n ** 9n;
const signer: Signer = { account: toAddress("0x1111111111111111111111111111111111111111"), chainId: 31337 };

describe("QuoteNetworkFee", () => {
  let estimator: FakeFeeEstimator;
  let quote: QuoteNetworkFee;

  beforeEach(() => {
    estimator = new FakeFeeEstimator();
    estimator.price = { baseFeePerGas: 2n * GWEI, priorityFeePerGas: GWEI };
    quote = new QuoteNetworkFee(estimator);
  });

  it("quotes the approval and the stake when the allowance is short and the wallet cannot batch", async () => {
    const view = await quote.forStake({ signer, quantity: 150n, allowance: 0n, batching: "unsupported" });
    expect(view.sending).toBe("approve-then-stake");
    expect(view.fee.gas).toBe(FAKE_GAS.approve + FAKE_GAS.stake);
    expect(view.fee.expected).toBe((FAKE_GAS.approve + FAKE_GAS.stake) * 3n * GWEI);
    expect(view.fee.maximum).toBe((FAKE_GAS.approve + FAKE_GAS.stake) * 5n * GWEI);
    expect(estimator.asked).toEqual([{ signer, sending: "approve-then-stake", quantity: 150n }]);
  });

  it("quotes exactly what Enter sends: the batch, the batch with the upgrade, or the stake alone", async () => {
    const batch = await quote.forStake({ signer, quantity: 150n, allowance: 0n, batching: "supported" });
    expect([batch.sending, batch.fee.gas]).toEqual(["batch", FAKE_GAS.batch]);
    const upgrade = await quote.forStake({ signer, quantity: 150n, allowance: 0n, batching: "ready" });
    expect([upgrade.sending, upgrade.fee.gas]).toEqual([
      "batch-with-upgrade",
      FAKE_GAS.batch + FAKE_GAS.upgrade,
    ]);
    const alone = await quote.forStake({ signer, quantity: 150n, allowance: 150n, batching: "supported" });
    expect([alone.sending, alone.fee.gas]).toEqual(["stake", FAKE_GAS.stake]);
  });

  it("says whether the account's ETH covers the most the wallet will ask for, to the wei", async () => {
    const maximum = (FAKE_GAS.approve + FAKE_GAS.stake) * 5n * GWEI;
    estimator.balance = maximum;
    const enough = await quote.forStake({ signer, quantity: 150n, allowance: 0n, batching: "unsupported" });
    expect(enough).toMatchObject({ coverable: true, balance: maximum, currency: "ETH" });
    estimator.balance = maximum - 1n;
    const short = await quote.forStake({ signer, quantity: 150n, allowance: 0n, batching: "unsupported" });
    expect(short.coverable).toBe(false);
    // The stake alone would fit in that balance: the approval is what makes it short.
    expect(FAKE_GAS.stake * 5n * GWEI).toBeLessThan(maximum - 1n);
  });

  it("quotes the withdraw for Unstake", async () => {
    const view = await quote.forUnstake(signer);
    expect(view.fee.gas).toBe(FAKE_GAS.withdraw);
    expect(view.sending).toBeUndefined();
    expect(estimator.asked).toEqual([{ signer, sending: "withdraw" }]);
  });
});
