import type { ServerMetrics } from "./ServerMetrics";

/**
 * How a request through the instance's /indexer proxy ended: the indexer's own answer by class
 * (`ok` 2xx, `refused` 4xx: bad input, `failed` 5xx), or the proxy's (`unreachable`: no connection or
 * a broken one, answered 502; `timeout`: no answer in time, 504).
 */
export type IndexerProxyOutcome = "ok" | "refused" | "failed" | "unreachable" | "timeout";

/** The activity indexer's metrics on the instance's registry (the same objects for every call). */
export function indexerMetrics(metrics: ServerMetrics) {
  return {
    proxyRequests: metrics.counter({
      name: "poo_indexer_proxy_requests_total",
      help: "Requests passed to the activity indexer (INDEXER_URL) through /indexer, by outcome: ok, refused (4xx), failed (5xx), unreachable (502), timeout (504)",
      labelNames: ["outcome"] as const,
    }),
    lagBlocks: metrics.gauge({
      name: "poo_indexer_lag_blocks",
      help: "Blocks between the chain's head and the last block the activity indexer has indexed, at the last dependency check (every 15 s)",
      labelNames: ["chain"] as const,
    }),
  };
}

export type IndexerMetrics = ReturnType<typeof indexerMetrics>;
