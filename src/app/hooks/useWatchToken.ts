import { useMutation, type UseMutationResult } from "@tanstack/react-query";
import { useWatchAsset } from "wagmi";
import { toChainDomainError } from "../../adapters/chain/toChainDomainError";
import type { DomainError } from "../../domain/errors/domainError";
import { WrongChainError } from "../../domain/errors/wrongChainError";
import { TOKEN_DECIMALS } from "../../domain/tokenDecimals";
import { useConnectedChain } from "./useConnectedChain";

export type WatchableToken = "POO" | "CRAP";

export interface WatchTokenVariables {
  token: WatchableToken;
  /** Absolute URL of the token's icon (wallets fetch it themselves). */
  imageUrl: string;
}

/**
 * Asks the wallet to list POO or CRAP (EIP-747 wallet_watchAsset through wagmi's useWatchAsset),
 * with the token address of the connected chain. Resolves with the wallet's answer (false: the
 * wallet declined without an error); failures come back as domain errors with a shortMessage.
 */
export function useWatchToken(): UseMutationResult<boolean, DomainError, WatchTokenVariables> {
  const chain = useConnectedChain();
  const { watchAssetAsync } = useWatchAsset();
  return useMutation({
    mutationFn: async ({ token, imageUrl }: WatchTokenVariables) => {
      if (!chain) throw new WrongChainError({ details: "no wallet connected to a configured chain" });
      const address = token === "POO" ? chain.pooToken : chain.crapToken;
      try {
        return await watchAssetAsync({
          type: "ERC20",
          options: { address, decimals: TOKEN_DECIMALS, symbol: token, image: imageUrl },
        });
      } catch (error) {
        throw toChainDomainError(error);
      }
    },
  });
}
