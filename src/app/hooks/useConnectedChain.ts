import type { Address } from "../../domain/address";
import { toAddress } from "../../domain/address";
import { TOKENS } from "../container/tokens";
import { useInjection } from "../container/useInjection";
import { useWalletAccount } from "../wallet/WalletContext";

/** What the UI needs to know about the chain the wallet is connected to. */
export interface ConnectedChain {
  id: number;
  /** Block explorer base URL; undefined when the chain has none (the local chain). */
  explorerUrl: string | undefined;
  pooToken: Address;
  crapToken: Address;
  /** The chain's usual time between blocks. */
  blockTimeMs: number;
}

/** The configured chain the wallet is on; undefined when disconnected or on a chain the app does not serve. */
export function useConnectedChain(): ConnectedChain | undefined {
  const { chainId, isConnected } = useWalletAccount();
  const config = useInjection(TOKENS.appConfig);
  if (!isConnected || chainId === undefined) return undefined;
  const chain = config.chains.find((c) => c.id === chainId);
  if (!chain) return undefined;
  return {
    id: chain.id,
    explorerUrl: chain.explorerUrl,
    pooToken: toAddress(chain.deployment.pooToken),
    crapToken: toAddress(chain.deployment.crapToken),
    blockTimeMs: chain.blockTimeMs,
  };
}
