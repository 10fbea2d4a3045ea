import type { RefusalReason } from "../model/chainReadPolicy";

/** What the chain-read gateway reports as it works (the metrics). Chains are the configured ids. */
export interface ChainReadObserver {
  /** A request to the chain's providers: relayed reads, or the gateway's own head question. */
  upstream(chainId: number, kind: "read" | "head", calls: number): void;
  /** A call answered from the answers kept for the current head. */
  cacheHit(chainId: number): void;
  /** A call that waited for the same call already on its way to a provider. */
  shared(chainId: number): void;
  refused(chainId: number, reason: RefusalReason): void;
}
