import type { Context, MiddlewareHandler } from "hono";
import type { Counter } from "prom-client";
import type { Logger } from "../ports/Logger";
import type { ApiEnv } from "./ApiEnv";
import { LogThrottle } from "./LogThrottle";

export type UntrustedForwardedForWatchDeps = {
  /** The peer, when it sent X-Forwarded-For without being a trusted proxy (untrustedForwarder). */
  untrustedForwarder: (c: Context) => string | undefined;
  counter: Counter;
  logger: Logger;
  now: () => number;
};

/**
 * Counts every request whose X-Forwarded-For came from a peer that is not a trusted proxy, and logs
 * it at most once a minute per peer (at most 20 lines a minute in all, 1,000 peers remembered):
 * with TRUSTED_PROXIES missing the real proxy, every client counts as the proxy and one client's
 * failed sign-ins close sign-in for everyone; this line says so within a minute.
 */
export function untrustedForwardedForWatch(deps: UntrustedForwardedForWatchDeps): MiddlewareHandler<ApiEnv> {
  const throttle = new LogThrottle({
    intervalMs: 60_000,
    maxKeys: 1_000,
    maxLinesPerInterval: 20,
    now: deps.now,
  });
  return async (c, next) => {
    const peer = deps.untrustedForwarder(c);
    if (peer !== undefined) {
      deps.counter.inc();
      const verdict = throttle.take(peer);
      if (verdict.write) {
        deps.logger.warn(
          `X-Forwarded-For from ${peer}, which TRUSTED_PROXIES does not list: header ignored, ${peer} counts as the client (add your proxy's address to TRUSTED_PROXIES)`,
          { peer, heldBack: verdict.heldBack },
        );
      }
    }
    return next();
  };
}
