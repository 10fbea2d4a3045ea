import { useAccount, useBalance } from "wagmi";

export interface EthBalance {
  /** Wei; undefined while disconnected or loading. */
  readonly value: bigint | undefined;
  readonly isError: boolean;
}

/** The connected account's native balance (ETH) on its current chain. */
export function useEthBalance(): EthBalance {
  const { address, chainId } = useAccount();
  const balance = useBalance({ address, chainId, query: { enabled: address !== undefined } });
  return { value: address === undefined ? undefined : balance.data?.value, isError: balance.isError };
}
