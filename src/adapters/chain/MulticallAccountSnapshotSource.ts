import { multicall, type Config } from "@wagmi/core";
import { parseAbi } from "viem";
import type { AccountSnapshot, AccountSnapshotSource } from "../../application/ports/accountSnapshotSource";
import type { Address } from "../../domain/address";
import { crapTokenAbi, pooTokenAbi, stakingAbi } from "./abis.generated";
import type { ChainContracts } from "./ChainContracts";
import { toChainDomainError } from "./toChainDomainError";

const multicall3TimeAbi = parseAbi(["function getCurrentBlockTimestamp() view returns (uint256)"]);

/**
 * The whole account snapshot as ONE eth_call: every read goes into a single Multicall3 aggregate3
 * (batchSize 0 turns off viem's 1 KiB chunking), so all figures come from the same block.
 */
export class MulticallAccountSnapshotSource implements AccountSnapshotSource {
  constructor(
    private readonly config: Config,
    private readonly contracts: ChainContracts,
  ) {}

  async loadSnapshot(account: Address): Promise<AccountSnapshot> {
    try {
      const { chainId, addresses } = this.contracts.current();
      const chain = this.config.chains.find((c) => c.id === chainId);
      const multicallAddress = chain?.contracts?.multicall3?.address;
      if (!multicallAddress) throw new Error(`Chain ${chainId} has no Multicall3 address configured.`);
      const poo = { address: addresses.pooToken, abi: pooTokenAbi } as const;
      const staking = { address: addresses.staking, abi: stakingAbi } as const;
      const [
        pooBalance,
        crapBalance,
        rewards,
        stakedAmount,
        allowance,
        stakedTime,
        minStake,
        minStakeDuration,
        rewardRate,
        totalStaked,
        rewardsAvailable,
        blockTimestamp,
      ] = await multicall(this.config, {
        chainId,
        allowFailure: false,
        batchSize: 0,
        contracts: [
          { ...poo, functionName: "balanceOf", args: [account] },
          { address: addresses.crapToken, abi: crapTokenAbi, functionName: "balanceOf", args: [account] },
          { ...staking, functionName: "rewards", args: [account] },
          { ...staking, functionName: "stakedAmount", args: [account] },
          { ...poo, functionName: "allowance", args: [account, addresses.staking] },
          { ...staking, functionName: "stakedTime", args: [account] },
          { ...staking, functionName: "MIN_STAKE" },
          { ...staking, functionName: "MIN_STAKE_DURATION" },
          { ...staking, functionName: "rewardRate" },
          { ...staking, functionName: "totalStaked" },
          { ...staking, functionName: "rewardsAvailable" },
          { address: multicallAddress, abi: multicall3TimeAbi, functionName: "getCurrentBlockTimestamp" },
        ],
      });
      return {
        pooBalance,
        crapBalance,
        rewards,
        stakedAmount,
        allowance,
        stakedTime,
        minStake,
        minStakeDuration,
        rewardRate,
        totalStaked,
        rewardsAvailable,
        blockTimestamp,
      };
    } catch (error) {
      throw toChainDomainError(error);
    }
  }
}
