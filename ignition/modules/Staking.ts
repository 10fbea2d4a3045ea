import { buildModule } from "@nomicfoundation/hardhat-ignition/modules";
import CrapTokenModule from "./CrapToken.ts";
import PooTokenModule from "./PooToken.ts";

/**
 * The staking pool, wired: POO knows it as its staking contract, `rewardFund` CRAP are moved into its
 * reserve (approve, then fundRewards) and the pool-wide reward rate is set. The deployer owns all three.
 */
export default buildModule("Staking", (m) => {
  const { pooToken } = m.useModule(PooTokenModule);
  const { crapToken } = m.useModule(CrapTokenModule);
  const owner = m.getAccount(0);
  const rewardFund = m.getParameter<bigint>("rewardFund");

  const staking = m.contract("Staking", [
    pooToken,
    crapToken,
    m.getParameter<bigint>("minStake"),
    m.getParameter<bigint>("minStakeDuration"),
    owner,
  ]);
  m.call(pooToken, "setStakingContract", [staking]);
  const approve = m.call(crapToken, "approve", [staking, rewardFund]);
  m.call(staking, "fundRewards", [rewardFund], { after: [approve] });
  m.call(staking, "setRewardRate", [m.getParameter<bigint>("rewardRate")]);
  return { pooToken, crapToken, staking };
});
