import { Hono, type Context } from "hono";
import { proxy } from "hono/proxy";
import type { IndexerProxyOutcome } from "../metrics/indexerMetrics";
import type { ApiEnv } from "./ApiEnv";
import { clientRateLimitKey } from "./clientRateLimitKey";
import { jsonError } from "./jsonError";
import type { PriceRouteLimits } from "./priceRoutes";
import { rateLimit } from "./rateLimit";

/**
 * How long the indexer has to answer through the site before the browser is told it is down: below
 * nginx's 3 s read timeout (deploy/nginx/poo-finance.conf), so a slow indexer gets the browser this
 * instance's 504 and never takes the instance itself out of nginx's rotation; and below the app's own
 * 5 s wait (src/adapters/indexer).
 */
export const INDEXER_PROXY_TIMEOUT_MS = 2_500;

/** The indexer's public routes (indexer/src/api); Ponder's others (/metrics, /status) are the operator's. */
const PUBLIC_ROUTES = ["/activity", "/head"] as const;

/**
 * `/indexer/activity` and `/indexer/head` on the site's own origin, passed to the indexer
 * (`INDEXER_URL`) without the prefix, so the browser reads it under the site's CSP ('self'). GET and
 * HEAD only, no cookies or credentials forwarded; the indexer down or slow is a 502 or 504 that says
 * so (the app then reads the chain). Each outcome is counted (`onOutcome`: the metrics).
 */
export function indexerProxy(
  indexerUrl: string,
  fetchFn: typeof fetch = fetch,
  limits?: PriceRouteLimits,
  onOutcome: (outcome: IndexerProxyOutcome) => void = () => undefined,
): Hono<ApiEnv> {
  const base = indexerUrl.replace(/\/$/, "");
  const app = new Hono<ApiEnv>();
  if (limits) {
    // Per client, in this instance's memory, as the other read routes: a flood stops here.
    const client = (c: Context) => clientRateLimitKey(limits.clientAddress(c));
    app.use(rateLimit(limits.readLimiter, limits.policies.indexerByClient, client, limits.now));
  }
  app.on(["GET", "HEAD"], [...PUBLIC_ROUTES], async (c) => {
    const url = new URL(c.req.url);
    const target = `${base}${url.pathname.replace(/^\/indexer/, "")}${url.search}`;
    try {
      const response = await proxy(target, {
        method: c.req.method,
        headers: { accept: c.req.header("accept") ?? "application/json", "x-request-id": c.get("requestId") },
        signal: AbortSignal.timeout(INDEXER_PROXY_TIMEOUT_MS),
        customFetch: (request) => fetchFn(request),
      });
      // The indexer's own CORS header is not the site's policy: the site's origin is the only reader.
      response.headers.delete("access-control-allow-origin");
      onOutcome(response.status < 400 ? "ok" : response.status < 500 ? "refused" : "failed");
      return response;
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === "TimeoutError";
      onOutcome(timedOut ? "timeout" : "unreachable");
      return timedOut
        ? jsonError(c, 504, "The activity indexer did not answer in time.")
        : jsonError(c, 502, "The activity indexer is not answering right now.");
    }
  });
  for (const route of PUBLIC_ROUTES) {
    app.all(route, (c) =>
      jsonError(c, 405, "Only GET and HEAD reach the activity indexer.", { Allow: "GET, HEAD" }),
    );
  }
  app.all("/*", (c) => jsonError(c, 404, "Not found."));
  return app;
}
