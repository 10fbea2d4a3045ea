import { readContract, writeContract, type Config } from "@wagmi/core";
import type { TokenGateway } from "../../application/ports/tokenGateway";
import type { Address } from "../../domain/address";
import type { TransactionHash } from "../../domain/transactionHash";
import { pooTokenAbi } from "./abis.generated";
import type { ChainContracts } from "./ChainContracts";
import { toChainDomainError } from "./toChainDomainError";

/** The POO token through @wagmi/core: reads via the configured RPC, writes signed by the connected wallet. */
export class WagmiTokenGateway implements TokenGateway {
  constructor(
    private readonly config: Config,
    private readonly contracts: ChainContracts,
  ) {}

  async balanceOf(account: Address): Promise<bigint> {
    return this.read("balanceOf", [account]);
  }

  async allowance(owner: Address, spender: Address): Promise<bigint> {
    return this.read("allowance", [owner, spender]);
  }

  async approve(spender: Address, amount: bigint): Promise<TransactionHash> {
    try {
      const { chainId, addresses } = this.contracts.current();
      return await writeContract(this.config, {
        chainId,
        address: addresses.pooToken,
        abi: pooTokenAbi,
        functionName: "approve",
        args: [spender, amount],
      });
    } catch (error) {
      throw toChainDomainError(error);
    }
  }

  private async read(
    functionName: "balanceOf" | "allowance",
    args: readonly [Address] | readonly [Address, Address],
  ): Promise<bigint> {
    try {
      const { chainId, addresses } = this.contracts.current();
      return functionName === "balanceOf"
        ? await readContract(this.config, {
            chainId,
            address: addresses.pooToken,
            abi: pooTokenAbi,
            functionName,
            args: [args[0]],
          })
        : await readContract(this.config, {
            chainId,
            address: addresses.pooToken,
            abi: pooTokenAbi,
            functionName,
            args: [args[0], args[1] as Address],
          });
    } catch (error) {
      throw toChainDomainError(error);
    }
  }
}
