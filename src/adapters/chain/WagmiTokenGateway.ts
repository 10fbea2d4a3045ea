import { readContract, type Config } from "@wagmi/core";
import type { Signer } from "../../application/ports/signer";
import type { WriteOptions } from "../../application/ports/stakingGateway";
import type { TokenGateway } from "../../application/ports/tokenGateway";
import type { Address } from "../../domain/address";
import type { TransactionHash } from "../../domain/transactionHash";
import type { ChainContracts } from "./ChainContracts";
import type { PinnedContractWriter } from "./PinnedContractWriter";
import { erc20Abi } from "./specStakingAbi";
import { toChainDomainError } from "./toChainDomainError";

/** The POO token through @wagmi/core: reads via the configured RPC, writes pinned to the signer. */
export class WagmiTokenGateway implements TokenGateway {
  constructor(
    private readonly config: Config,
    private readonly writer: PinnedContractWriter,
    private readonly contracts: ChainContracts,
  ) {}

  async balanceOf(account: Address): Promise<bigint> {
    try {
      const { chainId, addresses } = this.contracts.current();
      return await readContract(this.config, {
        chainId,
        address: addresses.pooToken,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [account],
      });
    } catch (error) {
      throw toChainDomainError(error);
    }
  }

  async allowance(owner: Address, spender: Address): Promise<bigint> {
    try {
      const { chainId, addresses } = this.contracts.current();
      return await readContract(this.config, {
        chainId,
        address: addresses.pooToken,
        abi: erc20Abi,
        functionName: "allowance",
        args: [owner, spender],
      });
    } catch (error) {
      throw toChainDomainError(error);
    }
  }

  async approve(
    signer: Signer,
    spender: Address,
    amount: bigint,
    options?: WriteOptions,
  ): Promise<TransactionHash> {
    return await this.writer.write(
      signer,
      {
        address: this.contracts.on(signer.chainId).pooToken,
        abi: erc20Abi,
        functionName: "approve",
        args: [spender, amount],
      },
      options,
    );
  }
}
