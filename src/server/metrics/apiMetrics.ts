import type { ServerMetrics } from "./ServerMetrics";

/** The API's own metrics, registered on `metrics` (the same objects for every call). */
export function apiMetrics(metrics: ServerMetrics) {
  return {
    requests: metrics.counter({
      name: "poo_http_requests_total",
      help: "Requests answered, by method, route pattern (never the raw path) and status class",
      labelNames: ["method", "route", "status_class"] as const,
    }),
    requestDuration: metrics.histogram({
      name: "poo_http_request_duration_seconds",
      help: "Time until the answer was ready, by method, route pattern and status class",
      labelNames: ["method", "route", "status_class"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    }),
    dependencyUp: metrics.gauge({
      name: "poo_dependency_up",
      help: "1 when the dependency answered its last check as it should, 0 when not (database, chain <id>, price); only the database affects /api/ready",
      labelNames: ["dependency"] as const,
    }),
    rateLimitRefusals: metrics.counter({
      name: "poo_rate_limit_refusals_total",
      help: "Requests refused 429 by the app's rate limits, by policy (e.g. verify-ip, registration-wallet)",
      labelNames: ["policy"] as const,
    }),
    databaseUnavailable: metrics.counter({
      name: "poo_database_unavailable_total",
      help: "Requests answered 503 because the database was down, busy or too slow",
    }),
    answerDeadlineExceeded: metrics.counter({
      name: "poo_answer_deadline_exceeded_total",
      help: "Requests answered 503 because their work was not done within the answer deadline",
    }),
    untrustedForwardedFor: metrics.counter({
      name: "poo_untrusted_forwarded_for_total",
      help: "Requests carrying X-Forwarded-For from a peer that TRUSTED_PROXIES does not list (header ignored)",
    }),
  };
}

export type ApiMetrics = ReturnType<typeof apiMetrics>;
