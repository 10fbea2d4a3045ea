import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { NetworkFeeView } from "../../application/use-cases/quoteNetworkFee";
import { TOKENS } from "../../application/serviceTokens";
import { useLazyInjection } from "../services/useInjection";
import { feeKeys } from "../query/queryKeys";
import { useWalletAccount } from "../hooks/WalletContext";
import type { AtomicBatching } from "../../domain/stakeSending";

export interface FeeState {
  readonly view: NetworkFeeView | undefined;
  readonly loading: boolean;
  readonly error: Error | null;
}

export interface StakeFeeRequest {
  /** A quantity that passed the dialog's checks; undefined: nothing to quote yet. */
  readonly quantity: bigint | undefined;
  readonly allowance: bigint | undefined;
  /** The block of the page's latest snapshot: a new block is what makes the fee read again. */
  readonly blockNumber: bigint | undefined;
  readonly batching: AtomicBatching | undefined;
}

/**
 * The network fee of what Enter would send, while the stake dialog is open with a valid quantity:
 * read once per block the page reads (the key holds the snapshot's block), nothing when closed.
 */
export function useStakeFee({ quantity, allowance, blockNumber, batching }: StakeFeeRequest): FeeState {
  const { address, chainId } = useWalletAccount();
  const quote = useLazyInjection(TOKENS.quoteNetworkFee);
  const ready =
    address !== undefined &&
    chainId !== undefined &&
    quantity !== undefined &&
    allowance !== undefined &&
    blockNumber !== undefined &&
    batching !== undefined;
  const query = useQuery({
    queryKey: feeKeys.stake(chainId ?? 0, address ?? "", quantity ?? 0n, batching ?? "", blockNumber ?? 0n),
    queryFn: () => {
      if (!ready) throw new Error("useStakeFee: not ready");
      return quote().forStake({ signer: { account: address, chainId }, quantity, allowance, batching });
    },
    enabled: ready,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    // The previous block's fee stays shown while the next one is read.
    placeholderData: keepPreviousData,
  });
  return { view: ready ? query.data : undefined, loading: ready && query.isPending, error: query.error };
}
