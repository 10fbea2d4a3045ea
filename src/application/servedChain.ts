import type { Address } from "../domain/address";

/** A chain the app is deployed on, as the screens see it (from the app's configuration). */
export interface ServedChain {
  readonly id: number;
  /** Block explorer base URL; undefined when the chain has none (the local chain). */
  readonly explorerUrl: string | undefined;
  /** The chain's usual time between blocks: figures are read once per block. */
  readonly blockTimeMs: number;
  readonly pooToken: Address;
  readonly crapToken: Address;
}
