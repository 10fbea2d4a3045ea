import type { MiddlewareHandler } from "hono";
import { jsonError } from "./jsonError";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests that a browser marks as coming from another site. Requests
 * without Origin (curl, server-to-server) carry no victim's cookie, so they pass.
 */
export function sameOriginGuard(allowedOrigins: readonly string[]): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header("origin");
    const crossSite = c.req.header("sec-fetch-site") === "cross-site";
    if ((origin !== undefined && !allowedOrigins.includes(origin)) || (origin === undefined && crossSite)) {
      return jsonError(c, 403, "Cross-origin request refused.");
    }
    return next();
  };
}
