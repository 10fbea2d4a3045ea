// Shared by the module tests (not a test itself: it declares none).
import { readDeploymentParameters } from "@nomicfoundation/hardhat-ignition/helpers";
import type { DeploymentParameters } from "@nomicfoundation/ignition-core";
import type { HardhatViemHelpers } from "@nomicfoundation/hardhat-viem/types";
import { getAddress, type Address } from "viem";
import { parametersFile } from "../../scripts/lib/ignition/ignitionPaths.ts";
import type { StakingContractName } from "../../scripts/lib/ignition/stakingModules.ts";
import {
  resolveStakingParameters,
  type StakingParameters,
} from "../../scripts/lib/ignition/stakingParameters.ts";

/** A simulated chain mines on every transaction: Ignition need not wait a second between blocks. */
export const FAST_DEPLOY = { blockPollingInterval: 10 } as const;

/**
 * ignition/parameters/<network>.json as Ignition reads it, the values the module should deploy with,
 * the deployer (account #0) and a user (#1).
 */
export async function parametersOf(
  viem: HardhatViemHelpers,
  networkName: string,
  stakingContract: StakingContractName,
): Promise<{
  parameters: DeploymentParameters;
  expected: StakingParameters;
  deployer: Address;
  user: Awaited<ReturnType<HardhatViemHelpers["getWalletClients"]>>[number];
}> {
  const parameters = await readDeploymentParameters(parametersFile(networkName));
  const [deployer, user] = await viem.getWalletClients();
  if (!deployer || !user) throw new Error("the test chain needs two accounts");
  return {
    parameters,
    expected: resolveStakingParameters(parameters, stakingContract),
    deployer: getAddress(deployer.account.address),
    user,
  };
}
