import { writeContract, type Config } from "@wagmi/core";
import type { StakingGateway } from "../../application/ports/stakingGateway";
import type { Address } from "../../domain/address";
import type { TransactionHash } from "../../domain/transactionHash";
import { stakingAbi } from "./abis.generated";
import type { ChainContracts } from "./ChainContracts";
import { toChainDomainError } from "./toChainDomainError";

/** Staking writes signed by the connected wallet; viem estimates gas first, so a revert is decoded before anything is sent. */
export class WagmiStakingGateway implements StakingGateway {
  constructor(
    private readonly config: Config,
    private readonly contracts: ChainContracts,
  ) {}

  get contractAddress(): Address {
    return this.contracts.current().addresses.staking;
  }

  async stake(amount: bigint): Promise<TransactionHash> {
    try {
      const { chainId, addresses } = this.contracts.current();
      return await writeContract(this.config, {
        chainId,
        address: addresses.staking,
        abi: stakingAbi,
        functionName: "stake",
        args: [amount],
      });
    } catch (error) {
      throw toChainDomainError(error);
    }
  }

  async withdraw(): Promise<TransactionHash> {
    try {
      const { chainId, addresses } = this.contracts.current();
      return await writeContract(this.config, {
        chainId,
        address: addresses.staking,
        abi: stakingAbi,
        functionName: "withdraw",
      });
    } catch (error) {
      throw toChainDomainError(error);
    }
  }
}
