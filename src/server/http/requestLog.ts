import type { Context, MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import type { Logger } from "../ports/Logger";
import type { ApiEnv } from "./ApiEnv";

/**
 * One log line per request, written when its answer is ready: the request id (X-Request-Id), the
 * method, the route's pattern (never the raw path, which can carry anything a client typed), the
 * status, the time taken and the client's address as judged through the trusted proxies. Nothing of
 * the request's headers or body: cookies, signatures and sign-in messages stay out of the log.
 */
export function requestLog(logger: Logger, clientAddress: (c: Context) => string): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    logger.info("request", {
      reqId: c.get("requestId"),
      method: c.req.method,
      // The pattern of the last handler that ran: the route that answered.
      route: routePath(c),
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      client: clientAddress(c),
    });
  };
}
