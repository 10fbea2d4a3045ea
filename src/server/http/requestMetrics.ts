import type { MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import type { ApiMetrics } from "../metrics/apiMetrics";
import type { ApiEnv } from "./ApiEnv";

/** Methods named in the labels; anything else a client sends is "OTHER" (label values stay bounded). */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * Counts every answer and times it, labelled by method, the route's pattern (as in the request log:
 * `/api/launches/:launchId/registration`, never the raw path) and status class (2xx … 5xx). Nothing a
 * client chose (a path, an address, a header) becomes a label value.
 */
export function requestMetrics(
  metrics: Pick<ApiMetrics, "requests" | "requestDuration">,
): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const labels = {
      method: METHODS.has(c.req.method) ? c.req.method : "OTHER",
      route: routePath(c),
      status_class: `${Math.floor(c.res.status / 100)}xx`,
    };
    metrics.requests.inc(labels);
    metrics.requestDuration.observe(labels, (performance.now() - started) / 1000);
  };
}
