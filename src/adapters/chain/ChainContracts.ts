import { getAccount, getChainId, type Config } from "@wagmi/core";
import type { Address } from "../../domain/address";
import { WrongChainError } from "../../domain/errors/wrongChainError";

export interface ContractAddresses {
  readonly pooToken: Address;
  readonly crapToken: Address;
  readonly staking: Address;
}

/**
 * The contract addresses of the chain the app is on now (the wallet's chain when connected, the
 * first configured chain otherwise). Adapters ask it on every call, so a chain switch needs no rewiring.
 */
export class ChainContracts {
  constructor(
    private readonly config: Config,
    private readonly byChain: ReadonlyMap<number, ContractAddresses>,
  ) {}

  currentChainId(): number {
    const account = getAccount(this.config);
    return account.chainId ?? getChainId(this.config);
  }

  /** Throws WrongChainError when the wallet is on a chain without a deployment. */
  current(): { chainId: number; addresses: ContractAddresses } {
    const chainId = this.currentChainId();
    const addresses = this.byChain.get(chainId);
    if (!addresses) {
      throw new WrongChainError({ actualChainId: chainId, expectedChainId: [...this.byChain.keys()][0] });
    }
    return { chainId, addresses };
  }
}
