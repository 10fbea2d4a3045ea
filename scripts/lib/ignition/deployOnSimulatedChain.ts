import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  HardhatArtifactResolver,
  errorDeploymentResultToExceptionMessage,
  readDeploymentParameters,
} from "@nomicfoundation/hardhat-ignition/helpers";
import { DeploymentResultType, deploy } from "@nomicfoundation/ignition-core";
import type { DeploymentParameters, EIP1193Provider } from "@nomicfoundation/ignition-core";
import hre from "hardhat";
import { deploymentFromJournal, type DeploymentRecord } from "./deploymentFromJournal.ts";
import { parametersFile } from "./ignitionPaths.ts";
import { resolveStakingParameters } from "./stakingParameters.ts";
import { STAKING_MODULES, type StakingContractName } from "./stakingModules.ts";

export interface DeployOnSimulatedChainOptions {
  /** A Hardhat simulated chain's provider (a network connection's, in this process). */
  provider: EIP1193Provider;
  /** Default `Staking`. */
  stakingContract?: StakingContractName;
  /** Values that replace ignition/parameters/localhost.json's, module by module. */
  parameters?: DeploymentParameters;
  /**
   * Ignition's deployment folder (journal, artifacts). Default: a temporary one, removed afterwards,
   * so that no run of the local stack or the tests leaves a journal in the repository.
   */
  deploymentDir?: string;
}

/**
 * Deploys a staking module (POO, CRAP, the pool, wired) with Ignition in this process, with the local
 * chain's parameters, and returns the deployment record to write as deployments/<chainId>.json.
 */
export async function deployOnSimulatedChain(
  options: DeployOnSimulatedChainOptions,
): Promise<DeploymentRecord> {
  const { provider } = options;
  const stakingContract = options.stakingContract ?? "Staking";
  const parameters = withOverrides(
    await readDeploymentParameters(parametersFile("localhost")),
    options.parameters ?? {},
  );
  resolveStakingParameters(parameters, stakingContract);
  const deploymentDir = options.deploymentDir ?? (await mkdtemp(path.join(tmpdir(), "poo-ignition-")));
  const artifactResolver = new HardhatArtifactResolver(hre.artifacts);
  try {
    const result = await deploy({
      // A simulated chain mines each transaction as it arrives: look for the next block often.
      config: { blockPollingInterval: 10 },
      provider,
      artifactResolver,
      deploymentDir,
      ignitionModule: STAKING_MODULES[stakingContract],
      deploymentParameters: parameters,
      accounts: (await provider.request({ method: "eth_accounts" })) as string[],
    });
    if (result.type !== DeploymentResultType.SUCCESSFUL_DEPLOYMENT) {
      throw new Error(errorDeploymentResultToExceptionMessage(result));
    }
    return await deploymentFromJournal({ deploymentDir, provider, artifactResolver, stakingContract });
  } finally {
    if (options.deploymentDir === undefined) await rm(deploymentDir, { recursive: true, force: true });
  }
}

function withOverrides(base: DeploymentParameters, overrides: DeploymentParameters): DeploymentParameters {
  const merged: DeploymentParameters = { ...base };
  for (const [moduleId, values] of Object.entries(overrides))
    merged[moduleId] = { ...base[moduleId], ...values };
  return merged;
}
