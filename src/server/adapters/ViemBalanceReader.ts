import { erc20Abi, parseAbi, type Address, type PublicClient } from "viem";
import type { BalanceAtBlock, BalanceReader } from "../ports/BalanceReader";
import type { DeploymentSource } from "../ports/DeploymentSource";
import { MULTICALL3_ADDRESS } from "../model/multicall3Address";
import { rpcFailure } from "./rpcFailure";

export { MULTICALL3_ADDRESS };

// viem's multicall3Abi lists only what viem itself calls.
const getBlockNumberAbi = parseAbi(["function getBlockNumber() view returns (uint256 blockNumber)"]);

/** Addresses per eth_call when re-checking a launch: about 60 KB of calldata each. */
export const BALANCES_PER_CALL = 500;

/**
 * Reads POO balances with `balanceOf` on the deployment's token through Multicall3: one eth_call
 * returns a balance together with the block it was read at, and a launch's re-check reads
 * BALANCES_PER_CALL balances per eth_call.
 */
export class ViemBalanceReader implements BalanceReader {
  constructor(
    private readonly clientFor: (chainId: number) => PublicClient,
    private readonly deployments: DeploymentSource,
  ) {}

  async pooBalanceOf(chainId: number, address: Address): Promise<BalanceAtBlock> {
    const { pooToken } = await this.deployments.get(chainId);
    const [balanceWei, blockNumber] = await this.clientFor(chainId)
      .multicall({
        multicallAddress: MULTICALL3_ADDRESS,
        allowFailure: false,
        contracts: [
          { address: pooToken, abi: erc20Abi, functionName: "balanceOf", args: [address] },
          { address: MULTICALL3_ADDRESS, abi: getBlockNumberAbi, functionName: "getBlockNumber" },
        ],
      })
      .catch((error: unknown) => Promise.reject(rpcFailure(error)));
    return { balanceWei, blockNumber };
  }

  async latestBlock(chainId: number): Promise<bigint> {
    return this.clientFor(chainId)
      .getBlockNumber({ cacheTime: 0 })
      .catch((error: unknown) => Promise.reject(rpcFailure(error)));
  }

  async pooBalancesAt(
    chainId: number,
    addresses: readonly Address[],
    blockNumber: bigint,
  ): Promise<bigint[]> {
    const { pooToken } = await this.deployments.get(chainId);
    const client = this.clientFor(chainId);
    const balances: bigint[] = [];
    for (let start = 0; start < addresses.length; start += BALANCES_PER_CALL) {
      const chunk = addresses.slice(start, start + BALANCES_PER_CALL);
      const results = await client
        .multicall({
          multicallAddress: MULTICALL3_ADDRESS,
          allowFailure: false,
          blockNumber,
          batchSize: 0, // the chunks above are the batches
          contracts: chunk.map(
            (address) =>
              ({ address: pooToken, abi: erc20Abi, functionName: "balanceOf", args: [address] }) as const,
          ),
        })
        .catch((error: unknown) => Promise.reject(rpcFailure(error)));
      balances.push(...results);
    }
    return balances;
  }
}
