import type { Signer } from "../../application/ports/signer";
import type { StakingGateway, WriteOptions } from "../../application/ports/stakingGateway";
import type { Address } from "../../domain/address";
import type { TransactionHash } from "../../domain/transactionHash";
import type { ChainContracts } from "./ChainContracts";
import type { PinnedContractWriter } from "./PinnedContractWriter";
import { specStakingAbi } from "./specStakingAbi";

/** Staking writes through the spec's interface, pinned to the signer (PinnedContractWriter). */
export class WagmiStakingGateway implements StakingGateway {
  constructor(
    private readonly writer: PinnedContractWriter,
    private readonly contracts: ChainContracts,
  ) {}

  stakingAddress(chainId: number): Address {
    return this.contracts.on(chainId).staking;
  }

  async stake(signer: Signer, amount: bigint, options?: WriteOptions): Promise<TransactionHash> {
    return await this.writer.write(
      signer,
      {
        address: this.stakingAddress(signer.chainId),
        abi: specStakingAbi,
        functionName: "stake",
        args: [amount],
      },
      options,
    );
  }

  async withdraw(signer: Signer, options?: WriteOptions): Promise<TransactionHash> {
    return await this.writer.write(
      signer,
      {
        address: this.stakingAddress(signer.chainId),
        abi: specStakingAbi,
        functionName: "withdraw",
        args: [],
      },
      options,
    );
  }
}
