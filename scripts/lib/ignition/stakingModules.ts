import type { IgnitionModule } from "@nomicfoundation/ignition-core";
import ReferenceStakingModule from "../../../ignition/modules/ReferenceStaking.ts";
import StakingModule from "../../../ignition/modules/Staking.ts";

/**
 * Which staking contract a deployment brings: `Staking` (ours, the full one) or `ReferenceStaking`
 * (written from the product spec's interface alone: `require` reverts, none of the optional reads).
 */
export type StakingContractName = "Staking" | "ReferenceStaking";

/** The Ignition module that deploys and wires each staking contract with POO and CRAP. */
export const STAKING_MODULES: Record<StakingContractName, IgnitionModule> = {
  Staking: StakingModule,
  ReferenceStaking: ReferenceStakingModule,
};
