import { describe, expect, it } from "vitest";
import { EMPTY_ACCOUNT_SNAPSHOT } from "../../application/testing/emptyAccountSnapshot";
import { poolFigures } from "./poolFigures";
import type { PriceView } from "./priceView";

const E18 = 10n ** 18n;
const price: PriceView = { status: "available", usd: 0.5, stale: false, updatedAt: new Date(0) };

describe("poolFigures", () => {
  it("shows the POO the pool holds, its dollar value, the daily rate and the APR in CRAP", () => {
    const figures = poolFigures(
      {
        ...EMPTY_ACCOUNT_SNAPSHOT,
        poolStaked: 2_000n * E18,
        totalStaked: 1_000n * E18,
        rewardRate: E18 / 100n,
      },
      price,
    );
    expect(figures).toEqual({
      stakedText: "2k POO",
      stakedUsdText: "$1,000.00",
      rewardRateText: "864 CRAP a day",
      // 0.01 CRAP/s * 31,536,000 s = 315,360 CRAP a year over 1,000 POO staked
      aprText: "31.53k%",
    });
  });

  it("shows a large APR in the compact form alone (591 POO staked at 864 CRAP a day)", () => {
    const figures = poolFigures(
      { ...EMPTY_ACCOUNT_SNAPSHOT, poolStaked: 591n * E18, totalStaked: 591n * E18, rewardRate: E18 / 100n },
      price,
    );
    // 315,360 CRAP a year over 591 POO = 53,360.40%: it read "53.36k.4%".
    expect(figures?.aprText).toBe("53.36k%");
    const small = poolFigures(
      { ...EMPTY_ACCOUNT_SNAPSHOT, totalStaked: 10n ** 6n * E18, rewardRate: E18 / 100n },
      price,
    );
    // 315,360 CRAP a year over 1,000,000 POO = 31.536%.
    expect(small?.aprText).toBe("31.53%");
  });

  it("hides the rate and the APR when the contract has no reward rate, never an error", () => {
    const figures = poolFigures(
      { ...EMPTY_ACCOUNT_SNAPSHOT, poolStaked: 10n * E18, rewardRate: undefined, totalStaked: undefined },
      price,
    );
    expect(figures?.stakedText).toBe("10 POO");
    expect(figures?.rewardRateText).toBeUndefined();
    expect(figures?.aprText).toBeUndefined();
  });

  it("has no APR while nothing is staked, and uses the POO balance when totalStaked is missing", () => {
    expect(poolFigures({ ...EMPTY_ACCOUNT_SNAPSHOT, rewardRate: 1n }, price)?.aprText).toBeUndefined();
    const figures = poolFigures(
      { ...EMPTY_ACCOUNT_SNAPSHOT, poolStaked: 100n * E18, totalStaked: undefined, rewardRate: E18 / 1000n },
      price,
    );
    // 31,536 CRAP a year over 100 POO = 31,536%
    expect(figures?.aprText).toBe("31.53k%");
  });

  it("says the price is missing rather than showing $0", () => {
    const figures = poolFigures({ ...EMPTY_ACCOUNT_SNAPSHOT, poolStaked: E18 }, { status: "unavailable" });
    expect(figures?.stakedUsdText).toBe("Price unavailable");
    expect(poolFigures(undefined, price)).toBeUndefined();
  });
});
