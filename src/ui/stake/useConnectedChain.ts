import type { ServedChain } from "../../application/servedChain";
import { TOKENS } from "../../application/serviceTokens";
import { useWalletAccount } from "../hooks/WalletContext";
import { useInjection } from "../services/useInjection";

/** The configured chain the wallet is on; undefined when disconnected or on a chain the app does not serve. */
export function useConnectedChain(): ServedChain | undefined {
  const { chainId, isConnected } = useWalletAccount();
  const chains = useInjection(TOKENS.servedChains);
  if (!isConnected || chainId === undefined) return undefined;
  return chains.find((c) => c.id === chainId);
}
