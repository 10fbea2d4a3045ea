import { multicall, type Config } from "@wagmi/core";
import type { AccountSnapshot, AccountSnapshotSource } from "../../application/ports/accountSnapshotSource";
import type { Address } from "../../domain/address";
import type { ChainContracts } from "./ChainContracts";
import { snapshotFromReads, type ReadResult, type SnapshotReads } from "./snapshotFromReads";
import { erc20Abi, multicall3BlockAbi, optionalStakingReadsAbi, specStakingAbi } from "./specStakingAbi";
import { toChainDomainError } from "./toChainDomainError";

/**
 * The whole account snapshot as ONE eth_call: every read goes into a single Multicall3 aggregate3
 * (batchSize 0 turns off viem's 1 KiB chunking), so all figures come from the same block. Reads
 * are allowed to fail one by one: the optional ones a contract lacks are left out (snapshotFromReads).
 */
export class MulticallAccountSnapshotSource implements AccountSnapshotSource {
  constructor(
    private readonly config: Config,
    private readonly contracts: ChainContracts,
  ) {}

  async loadSnapshot(account: Address, chainId: number): Promise<AccountSnapshot> {
    try {
      const addresses = this.contracts.on(chainId);
      const chain = this.config.chains.find((c) => c.id === chainId);
      const multicallAddress = chain?.contracts?.multicall3?.address;
      if (!multicallAddress) throw new Error(`Chain ${chainId} has no Multicall3 address configured.`);
      const poo = { address: addresses.pooToken, abi: erc20Abi } as const;
      const staking = { address: addresses.staking, abi: specStakingAbi } as const;
      const optional = { address: addresses.staking, abi: optionalStakingReadsAbi } as const;
      const block = { address: multicallAddress, abi: multicall3BlockAbi } as const;
      const results = await multicall(this.config, {
        chainId,
        allowFailure: true,
        batchSize: 0,
        contracts: [
          { ...poo, functionName: "balanceOf", args: [account] },
          { address: addresses.crapToken, abi: erc20Abi, functionName: "balanceOf", args: [account] },
          { ...staking, functionName: "rewards", args: [account] },
          { ...staking, functionName: "stakedAmount", args: [account] },
          { ...poo, functionName: "allowance", args: [account, addresses.staking] },
          { ...staking, functionName: "stakedTime", args: [account] },
          { ...staking, functionName: "MIN_STAKE" },
          { ...staking, functionName: "MIN_STAKE_DURATION" },
          { ...staking, functionName: "paused" },
          { ...block, functionName: "getBlockNumber" },
          { ...block, functionName: "getCurrentBlockTimestamp" },
          { ...optional, functionName: "rewardRate" },
          { ...optional, functionName: "totalStaked" },
          { ...optional, functionName: "rewardsAvailable" },
          { ...poo, functionName: "balanceOf", args: [addresses.staking] },
        ],
      });
      const [
        pooBalance,
        crapBalance,
        rewards,
        stakedAmount,
        allowance,
        stakedTime,
        minStake,
        minStakeDuration,
        paused,
        blockNumber,
        blockTimestamp,
        rewardRate,
        totalStaked,
        rewardsAvailable,
        poolStaked,
      ] = results;
      const reads: SnapshotReads = {
        pooBalance: pooBalance as ReadResult<bigint>,
        crapBalance: crapBalance as ReadResult<bigint>,
        rewards: rewards as ReadResult<bigint>,
        stakedAmount: stakedAmount as ReadResult<bigint>,
        allowance: allowance as ReadResult<bigint>,
        stakedTime: stakedTime as ReadResult<bigint>,
        minStake: minStake as ReadResult<bigint>,
        minStakeDuration: minStakeDuration as ReadResult<bigint>,
        paused: paused as ReadResult<boolean>,
        blockNumber: blockNumber as ReadResult<bigint>,
        blockTimestamp: blockTimestamp as ReadResult<bigint>,
        rewardRate: rewardRate as ReadResult<bigint>,
        totalStaked: totalStaked as ReadResult<bigint>,
        rewardsAvailable: rewardsAvailable as ReadResult<bigint>,
        poolStaked: poolStaked as ReadResult<bigint>,
      };
      return snapshotFromReads(reads);
    } catch (error) {
      throw toChainDomainError(error);
    }
  }
}
