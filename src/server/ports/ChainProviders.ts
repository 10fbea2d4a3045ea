import type { JsonRpcErrorObject } from "../model/jsonRpc";

/** A call sent to a chain's provider. */
export type UpstreamCall = { method: string; params: unknown[] };

/** What the provider answered to one call. */
export type UpstreamAnswer = { result: unknown } | { error: JsonRpcErrorObject };

/** The node providers of each chain (CHAIN_RPC_URL_<id>), whose URLs and keys stay on the server. */
export interface ChainProviders {
  /**
   * Sends `calls` in one request (a JSON-RPC batch when there are several) to the chain's first
   * provider that answers, in the configured order, and returns the answers in the calls' order.
   * Throws ProvidersUnavailableError when none answers, AnswerTooLargeError when the answer is over
   * the size the server reads.
   */
  send(chainId: number, calls: readonly UpstreamCall[]): Promise<UpstreamAnswer[]>;
}
