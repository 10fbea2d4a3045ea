import type { Hex } from "viem";
import type { Deployment } from "../../../src/app/config/deploymentSchema";
import { knownContracts } from "./knownContracts";

/** A deployment with made-up addresses, for the explorer's unit tests. */
export const testDeployment: Deployment = {
  chainId: 31337,
  pooToken: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
  crapToken: "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
  staking: "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0",
  deployBlock: 1,
  stakingContract: "Staking",
};

export const testContracts = knownContracts(testDeployment);

export const ALICE = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266" as const;

/** encodeEventTopics' answer as a receipt log's topics (no null or array entries once encoded). */
export function asTopics(topics: readonly unknown[]): Hex[] {
  return topics as Hex[];
}
