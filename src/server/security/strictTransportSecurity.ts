import type { Context, MiddlewareHandler } from "hono";
import type { ServerConfig } from "../config/ServerConfig";

/** One year; no includeSubDomains (other hosts of the operator's domain are theirs to decide). */
export const STRICT_TRANSPORT_SECURITY = "max-age=31536000";

/**
 * Strict-Transport-Security on every answer (site and API) that went out over https: browsers ignore
 * it over plain http, and a site reached over http must not tell them otherwise. `auto` judges each
 * request (servedOverHttps: a trusted proxy's X-Forwarded-Proto); `always` is for an operator whose
 * every client comes over https; `off` never sends it.
 */
export function strictTransportSecurity(
  mode: ServerConfig["hsts"],
  overHttps: (c: Context) => boolean,
): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (mode === "always" || (mode === "auto" && overHttps(c))) {
      c.header("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
    }
  };
}
