import type { Address } from "../../domain/address";

/**
 * The account and chain a flow checked its figures for. Every write of the flow is signed by that
 * account on that chain, and its receipt is awaited there: if the wallet switches account or network
 * mid-flow, the gateways refuse to send (WalletChangedError) rather than sign for the other one.
 */
export interface Signer {
  readonly account: Address;
  readonly chainId: number;
}
