import type { ServerMetrics } from "./ServerMetrics";

/** The API's own metrics, registered on `metrics` (the same objects for every call). */
export function apiMetrics(metrics: ServerMetrics) {
  return {
    untrustedForwardedFor: metrics.counter({
      name: "poo_untrusted_forwarded_for_total",
      help: "Requests carrying X-Forwarded-For from a peer that TRUSTED_PROXIES does not list (header ignored)",
    }),
  };
}

export type ApiMetrics = ReturnType<typeof apiMetrics>;
