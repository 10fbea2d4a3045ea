import type { ChainReadObserver } from "../ports/ChainReadObserver";
import type { ServerMetrics } from "./ServerMetrics";

/**
 * The chain-read gateway's metrics (POST /api/rpc/<chainId>), registered on `metrics`: what reached
 * the providers, what was served without them, what was refused and which provider failed. Labels:
 * the configured chain id, a kind, a refusal reason, a provider's position; never a URL.
 */
export function chainReadMetrics(
  metrics: ServerMetrics,
): ChainReadObserver & { providerFailed: (chainId: number, position: number) => void } {
  const upstreamRequests = metrics.counter({
    name: "poo_chain_read_upstream_requests_total",
    help: "Requests to the chain's providers: relayed reads (kind read) and the gateway's head questions (kind head)",
    labelNames: ["chain", "kind"] as const,
  });
  const upstreamCalls = metrics.counter({
    name: "poo_chain_read_upstream_calls_total",
    help: "JSON-RPC calls sent to the chain's providers (a batch counts each)",
    labelNames: ["chain"] as const,
  });
  const cacheHits = metrics.counter({
    name: "poo_chain_read_cache_hits_total",
    help: "Chain reads answered from the answers kept for the current head",
    labelNames: ["chain"] as const,
  });
  const shared = metrics.counter({
    name: "poo_chain_read_shared_total",
    help: "Chain reads that waited for the same call already on its way to a provider",
    labelNames: ["chain"] as const,
  });
  const refusals = metrics.counter({
    name: "poo_chain_read_refusals_total",
    help: "Chain reads refused by the gateway, by reason (method, contract, state-override, log-range, params)",
    labelNames: ["chain", "reason"] as const,
  });
  const providerFailures = metrics.counter({
    name: "poo_chain_read_provider_failures_total",
    help: "Requests a chain's provider (by its position in CHAIN_RPC_URL_<id>) failed; the next one was asked",
    labelNames: ["chain", "provider"] as const,
  });
  return {
    upstream: (chainId, kind, calls) => {
      upstreamRequests.inc({ chain: String(chainId), kind });
      upstreamCalls.inc({ chain: String(chainId) }, calls);
    },
    cacheHit: (chainId) => cacheHits.inc({ chain: String(chainId) }),
    shared: (chainId) => shared.inc({ chain: String(chainId) }),
    refused: (chainId, reason) => refusals.inc({ chain: String(chainId), reason }),
    providerFailed: (chainId, position) =>
      providerFailures.inc({ chain: String(chainId), provider: String(position) }),
  };
}
