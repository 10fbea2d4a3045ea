import { useMutation, type UseMutationResult } from "@tanstack/react-query";
import type { DomainError } from "../../../domain/errors/domainError";
import { WrongChainError } from "../../../domain/errors/wrongChainError";
import { TOKEN_DECIMALS } from "../../../domain/tokenDecimals";
import { TOKENS } from "../../../application/serviceTokens";
import { useLazyInjection } from "../../services/useInjection";
import { useConnectedChain } from "../useConnectedChain";

export type WatchableToken = "POO" | "CRAP";

export interface WatchTokenVariables {
  token: WatchableToken;
  /** Absolute URL of the token's icon (wallets fetch it themselves). */
  imageUrl: string;
}

/**
 * Asks the wallet to list POO or CRAP (EIP-747 wallet_watchAsset), with the token address of the
 * connected chain. Resolves with the wallet's answer (false: the wallet declined without an error);
 * failures come back as domain errors with a shortMessage.
 */
export function useWatchToken(): UseMutationResult<boolean, DomainError, WatchTokenVariables> {
  const chain = useConnectedChain();
  const wallet = useLazyInjection(TOKENS.walletGateway);
  return useMutation({
    mutationFn: async ({ token, imageUrl }: WatchTokenVariables) => {
      if (!chain) throw new WrongChainError({ details: "no wallet connected to a configured chain" });
      const address = token === "POO" ? chain.pooToken : chain.crapToken;
      return wallet().watchToken({ address, symbol: token, decimals: TOKEN_DECIMALS, imageUrl });
    },
  });
}
