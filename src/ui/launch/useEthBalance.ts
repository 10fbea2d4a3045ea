import { useQuery } from "@tanstack/react-query";
import { TOKENS } from "../../application/serviceTokens";
import { useLazyInjection } from "../services/useInjection";
import { walletKeys } from "../query/queryKeys";
import { useWalletAccount } from "../hooks/WalletContext";

export interface EthBalance {
  /** Wei; undefined while disconnected or loading. */
  readonly value: bigint | undefined;
  readonly isError: boolean;
}

/** The connected account's native balance (ETH) on its current chain. */
export function useEthBalance(): EthBalance {
  const { address, chainId } = useWalletAccount();
  const wallet = useLazyInjection(TOKENS.walletGateway);
  const balance = useQuery({
    queryKey: walletKeys.nativeBalance(chainId ?? 0, address ?? ""),
    queryFn: () => {
      if (!address) throw new Error("useEthBalance: no account");
      return wallet().nativeBalance(address);
    },
    enabled: address !== undefined && chainId !== undefined,
  });
  return { value: address === undefined ? undefined : balance.data, isError: balance.isError };
}
