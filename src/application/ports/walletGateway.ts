import type { Address } from "../../domain/address";

/** An ERC-20 token a wallet can be asked to list (EIP-747). */
export interface WatchableTokenInfo {
  readonly address: Address;
  readonly symbol: string;
  readonly decimals: number;
  /** Absolute URL of the token's icon (wallets fetch it themselves). */
  readonly imageUrl: string;
}

/**
 * The connected wallet itself, beyond the contracts: its native balance on the current chain and
 * asking it to list a token. Rejects with domain errors (UserRejectedError, WrongChainError, ...).
 */
export interface WalletGateway {
  /** Wei of the chain's native currency (ETH) held by `account` on the wallet's current chain. */
  nativeBalance(account: Address): Promise<bigint>;
  /** Asks the wallet to list the token; false when the wallet declined without an error. */
  watchToken(token: WatchableTokenInfo): Promise<boolean>;
}
