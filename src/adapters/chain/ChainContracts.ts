import { getAccount, getChainId, type Config } from "@wagmi/core";
import type { Address } from "../../domain/address";
import { WrongChainError } from "../../domain/errors/wrongChainError";

export interface ContractAddresses {
  readonly pooToken: Address;
  readonly crapToken: Address;
  readonly staking: Address;
  /** The block the contracts were deployed at: event scans start there (0 when unknown). */
  readonly deployBlock?: bigint;
}

/**
 * The contract addresses per chain. Flows ask for a given chain (the one their checks were made
 * on); reads without one use the chain the app is on now (the wallet's when connected, the first
 * configured chain otherwise), so a chain switch needs no rewiring.
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

  /** Throws WrongChainError when `chainId` has no deployment. */
  on(chainId: number): ContractAddresses {
    const addresses = this.byChain.get(chainId);
    if (!addresses) {
      throw new WrongChainError({ actualChainId: chainId, expectedChainId: [...this.byChain.keys()][0] });
    }
    return addresses;
  }

  /** The current chain and its addresses; throws WrongChainError when the wallet is on a chain without a deployment. */
  current(): { chainId: number; addresses: ContractAddresses } {
    const chainId = this.currentChainId();
    return { chainId, addresses: this.on(chainId) };
  }
}
