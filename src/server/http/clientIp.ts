import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/**
 * The peer address of the TCP connection. Forwarding headers are ignored on purpose: the server
 * binds to loopback, and trusting X-Forwarded-For from any caller would let it pick its own key.
 */
export function socketClientIp(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // No Node socket (e.g. app.request() in tests).
    return "unknown";
  }
}
