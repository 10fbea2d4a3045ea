import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";

/**
 * Headers for every API answer: the API only ever returns JSON, so its CSP allows nothing at all,
 * and nothing may frame, sniff or embed it.
 */
export function apiSecureHeaders(): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'none'"],
    },
    xContentTypeOptions: "nosniff",
    xFrameOptions: "DENY",
    referrerPolicy: "no-referrer",
    crossOriginResourcePolicy: "same-origin",
    crossOriginOpenerPolicy: "same-origin",
    // Sent only over https, for the site and the API alike (strictTransportSecurity).
    strictTransportSecurity: false,
    removePoweredBy: true,
  });
}

/**
 * Answers carry sessions or per-user data; no shared cache may keep them, unless a route says its
 * answer is the same for everyone (the price history).
 */
export const noStore: MiddlewareHandler = async (c, next) => {
  await next();
  if (!c.res.headers.get("Cache-Control")?.startsWith("public")) c.header("Cache-Control", "no-store");
};
