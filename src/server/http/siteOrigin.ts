import type { Context } from "hono";

/**
 * The allowed web origin a request comes from: its Origin header when present (browsers send it
 * on every POST), otherwise the one whose host is the request's host (same-origin proxy).
 */
export function resolveSiteOrigin(c: Context, allowedOrigins: readonly string[]): string | undefined {
  const origin = c.req.header("origin");
  if (origin !== undefined) return allowedOrigins.includes(origin) ? origin : undefined;
  const host = new URL(c.req.url).host.toLowerCase();
  return allowedOrigins.find((allowed) => new URL(allowed).host === host);
}
