import { getBalance, watchAsset, type Config } from "@wagmi/core";
import type { WalletGateway, WatchableTokenInfo } from "../../application/ports/walletGateway";
import type { Address } from "../../domain/address";
import type { ChainContracts } from "./ChainContracts";
import { toChainDomainError } from "./toChainDomainError";

/** The connected wallet through @wagmi/core: balance via the configured RPC, wallet_watchAsset via the wallet. */
export class WagmiWalletGateway implements WalletGateway {
  constructor(
    private readonly config: Config,
    private readonly contracts: ChainContracts,
  ) {}

  async nativeBalance(account: Address): Promise<bigint> {
    try {
      const { chainId } = this.contracts.current();
      return (await getBalance(this.config, { address: account, chainId })).value;
    } catch (error) {
      throw toChainDomainError(error);
    }
  }

  async watchToken(token: WatchableTokenInfo): Promise<boolean> {
    try {
      return await watchAsset(this.config, {
        type: "ERC20",
        options: {
          address: token.address,
          symbol: token.symbol,
          decimals: token.decimals,
          image: token.imageUrl,
        },
      });
    } catch (error) {
      throw toChainDomainError(error);
    }
  }
}
