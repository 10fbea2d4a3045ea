import type { ServerMetrics } from "./ServerMetrics";

/** The API's own metrics, registered on `metrics` (the same objects for every call). */
export function apiMetrics(metrics: ServerMetrics) {
  return {
    dependencyUp: metrics.gauge({
      name: "poo_dependency_up",
      help: "1 when the dependency answered its last check as it should, 0 when not (database, chain <id>, price); only the database affects /api/ready",
      labelNames: ["dependency"] as const,
    }),
    untrustedForwardedFor: metrics.counter({
      name: "poo_untrusted_forwarded_for_total",
      help: "Requests carrying X-Forwarded-For from a peer that TRUSTED_PROXIES does not list (header ignored)",
    }),
  };
}

export type ApiMetrics = ReturnType<typeof apiMetrics>;
