import type { Address } from "viem";

/** Contract addresses of one chain's deployment (deployments/<chainId>.json). */
export type Deployment = {
  chainId: number;
  pooToken: Address;
  crapToken: Address;
  staking: Address;
  deployBlock: bigint;
};

/** Finds the deployment for a chain. Throws when there is none or it is unreadable. */
export interface DeploymentSource {
  get(chainId: number): Promise<Deployment>;
}
