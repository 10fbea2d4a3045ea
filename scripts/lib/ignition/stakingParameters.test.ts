import { describe, expect, it } from "vitest";
import { resolveStakingParameters } from "./stakingParameters";

const good = {
  $global: { minStake: 100n, minStakeDuration: 86_400, rewardFund: 1_000n },
  PooToken: { initialSupply: 5_000n },
  CrapToken: { initialSupply: 1_000n },
  Staking: { rewardRate: 10n },
  ReferenceStaking: { rewardPerTokenPerSecond: 1n },
};

describe("resolveStakingParameters", () => {
  it("reads each value from its module, else from $global, as bigints", () => {
    expect(resolveStakingParameters(good, "Staking")).toEqual({
      pooSupply: 5_000n,
      crapSupply: 1_000n,
      minStake: 100n,
      minStakeDuration: 86_400n,
      rewardFund: 1_000n,
      rewardRate: 10n,
    });
    const own = { ...good, ReferenceStaking: { rewardPerTokenPerSecond: 1n, minStake: 7n } };
    expect(resolveStakingParameters(own, "ReferenceStaking")).toMatchObject({
      minStake: 7n,
      rewardPerTokenPerSecond: 1n,
    });
  });

  it("names every missing or bad value in one message", () => {
    const bad = {
      $global: { minStake: 0n, minStakeDuration: -1, rewardFund: "1000" },
      PooToken: { initialSupply: 1.5 },
      CrapToken: {},
    };
    expect(() => resolveStakingParameters(bad, "Staking")).toThrow(
      [
        "Bad deployment parameters:",
        '  - PooToken.initialSupply: must be a whole number: a JSON number, or base units as a string ending in n ("100000000000000000000n") (got 1.5)',
        '  - CrapToken.initialSupply: missing (set it under "CrapToken" or "$global")',
        "  - Staking.minStake: must be greater than 0 (got 0)",
        "  - Staking.minStakeDuration: must not be negative (got -1)",
        '  - Staking.rewardFund: must be a whole number: a JSON number, or base units as a string ending in n ("100000000000000000000n") (got "1000")',
        '  - Staking.rewardRate: missing (set it under "Staking" or "$global")',
      ].join("\n"),
    );
  });

  it("refuses a reward fund the deployer's CRAP cannot pay", () => {
    const tooMuch = { ...good, CrapToken: { initialSupply: 999n } };
    expect(() => resolveStakingParameters(tooMuch, "Staking")).toThrow(
      "Staking.rewardFund: 1000 is more than CrapToken.initialSupply (999): the deployer could not pay it",
    );
  });
});
