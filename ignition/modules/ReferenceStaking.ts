import { buildModule } from "@nomicfoundation/hardhat-ignition/modules";
import CrapTokenModule from "./CrapToken.ts";
import PooTokenModule from "./PooToken.ts";

/**
 * The pool written from the product spec's interface alone, wired as far as that interface allows: POO
 * knows it as its staking contract and it pays rewards from its CRAP balance (no funding function), so
 * `rewardFund` CRAP are transferred to it. Its reward rate is fixed at construction.
 */
export default buildModule("ReferenceStaking", (m) => {
  const { pooToken } = m.useModule(PooTokenModule);
  const { crapToken } = m.useModule(CrapTokenModule);

  const staking = m.contract("ReferenceStaking", [
    pooToken,
    crapToken,
    m.getParameter<bigint>("minStake"),
    m.getParameter<bigint>("minStakeDuration"),
    m.getParameter<bigint>("rewardPerTokenPerSecond"),
  ]);
  m.call(pooToken, "setStakingContract", [staking]);
  m.call(crapToken, "transfer", [staking, m.getParameter<bigint>("rewardFund")]);
  return { pooToken, crapToken, staking };
});
