import { TransactionStatus, listTransactions } from "@nomicfoundation/ignition-core";
import type { ArtifactResolver, EIP1193Provider } from "@nomicfoundation/ignition-core";
import { createPublicClient, custom, getAddress, type Address, type Hex } from "viem";
import { specStakingAbi } from "../../../src/adapters/chain/specStakingAbi.ts";
import type { StakingContractName } from "./stakingModules.ts";

/**
 * deployments/<chainId>.json as written after a deployment: what the app's schema
 * (src/app/config/deploymentSchema.ts) reads, plus who deployed and which staking contract it is (the
 * local explorer and the tests read that). A type alias, so that it is assignable to that schema's type.
 */
export type DeploymentRecord = {
  chainId: number;
  pooToken: Address;
  crapToken: Address;
  staking: Address;
  /** The earliest block of the three contracts: the activity list reads logs from it. */
  deployBlock: number;
  deployer: Address;
  /** Read back from the contract, base units; informational (the app reads it on chain). */
  minStake: string;
  /** Read back from the contract, seconds; informational. */
  minStakeDuration: string;
  stakingContract: StakingContractName;
};

export interface DeploymentFromJournalOptions {
  /** An Ignition deployment folder (its journal.jsonl) of a finished deployment. */
  deploymentDir: string;
  /** The chain it was deployed to. */
  provider: EIP1193Provider;
  artifactResolver: Omit<ArtifactResolver, "getBuildInfo">;
  stakingContract: StakingContractName;
}

/**
 * The deployment record of a finished Ignition deployment: the addresses from its journal, the
 * deployment block (the earliest of the three contracts' blocks, where the activity list starts
 * reading logs) and the staking parameters as the deployed contract answers them.
 */
export async function deploymentFromJournal({
  deploymentDir,
  provider,
  artifactResolver,
  stakingContract,
}: DeploymentFromJournalOptions): Promise<DeploymentRecord> {
  const deployed = (await listTransactions(deploymentDir, artifactResolver)).filter(
    (tx) => tx.type === "DEPLOYMENT_EXECUTION_STATE" && tx.status === TransactionStatus.SUCCESS,
  );
  const contract = (name: string): { address: Address; txHash: Hex; from: Address } => {
    const tx = deployed.find((candidate) => candidate.name === name);
    if (tx?.address === undefined) {
      throw new Error(
        `The Ignition deployment in ${deploymentDir} has no deployed ${name}: has it finished?`,
      );
    }
    return { address: getAddress(tx.address), txHash: tx.txHash as Hex, from: getAddress(tx.from) };
  };
  const pooToken = contract("PooToken");
  const crapToken = contract("CrapToken");
  const staking = contract(stakingContract);

  const client = createPublicClient({ transport: custom(provider) });
  const [receipts, minStake, minStakeDuration, chainId] = await Promise.all([
    Promise.all(
      [pooToken, crapToken, staking].map(({ txHash }) => client.getTransactionReceipt({ hash: txHash })),
    ),
    client.readContract({ address: staking.address, abi: specStakingAbi, functionName: "MIN_STAKE" }),
    client.readContract({
      address: staking.address,
      abi: specStakingAbi,
      functionName: "MIN_STAKE_DURATION",
    }),
    client.getChainId(),
  ]);
  const deployBlock = receipts.reduce(
    (earliest, { blockNumber }) => (blockNumber < earliest ? blockNumber : earliest),
    receipts[0]!.blockNumber,
  );

  return {
    chainId,
    pooToken: pooToken.address,
    crapToken: crapToken.address,
    staking: staking.address,
    deployBlock: Number(deployBlock),
    deployer: pooToken.from,
    minStake: minStake.toString(),
    minStakeDuration: minStakeDuration.toString(),
    stakingContract,
  };
}
