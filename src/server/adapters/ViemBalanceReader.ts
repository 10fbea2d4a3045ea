import { erc20Abi, type Address, type PublicClient } from "viem";
import type { BalanceReader } from "../ports/BalanceReader";
import type { DeploymentSource } from "../ports/DeploymentSource";

/** Reads POO balances with `balanceOf` on the deployment's token through the chain's RPC. */
export class ViemBalanceReader implements BalanceReader {
  constructor(
    private readonly clientFor: (chainId: number) => PublicClient,
    private readonly deployments: DeploymentSource,
  ) {}

  async pooBalanceOf(chainId: number, address: Address): Promise<bigint> {
    const { pooToken } = await this.deployments.get(chainId);
    return this.clientFor(chainId).readContract({
      address: pooToken,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [address],
    });
  }
}
