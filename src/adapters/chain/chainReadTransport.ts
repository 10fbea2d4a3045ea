import { fallback, http, shouldThrow, type Transport } from "viem";
import { skipWhileDown } from "./skipWhileDown";

/**
 * Calls per JSON-RPC batch to the site's gateway: the server refuses more (CHAIN_READ_LIMITS in
 * src/server/model/chainReadLimits.ts); viem splits a larger batch (the activity's block times).
 */
export const GATEWAY_BATCH_SIZE = 50;

/** EIP-1474's code for a reverted call: an answer (the same everywhere), not an RPC that failed. */
const EXECUTION_REVERTED = 3;

/**
 * How the app reads a chain: through the site's own gateway (`gatewayUrl`, where the server holds the
 * provider's key and serves identical reads once per block), then, when it does not answer (the API
 * down, a read it refuses), straight from the chain's public RPCs, in order. Each goes through
 * viem's fallback transport with JSON-RPC batching; one that failed to answer is skipped for a minute
 * (skipWhileDown), so a dead gateway costs one failure, not one per read. A revert is thrown as it
 * is, never asked again elsewhere.
 */
export function chainReadTransport({
  gatewayUrl,
  rpcUrls,
}: {
  gatewayUrl: string;
  rpcUrls: readonly string[];
}): Transport {
  return fallback(
    [
      skipWhileDown(http(gatewayUrl, { batch: { batchSize: GATEWAY_BATCH_SIZE } })),
      ...rpcUrls.map((url) => skipWhileDown(http(url, { batch: true }))),
    ],
    {
      shouldThrow: (error) =>
        shouldThrow(error) || (error as { code?: unknown }).code === EXECUTION_REVERTED || undefined,
    },
  );
}
