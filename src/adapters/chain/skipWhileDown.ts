import {
  BaseError,
  HttpRequestError,
  RpcRequestError,
  TimeoutError,
  WebSocketRequestError,
  type Transport,
} from "viem";

/** How long an RPC that failed to answer is left out of the fallback order. */
export const RPC_COOLDOWN_MS = 60_000;

/**
 * Statuses of a refusal that will not change from one request to the next: the server is down or
 * overloaded (5xx, 429, 408), or will not serve this client (403: another site's page; 404: a chain it
 * does not serve). 400 and 413 are this request's fault.
 */
const OUTAGE_STATUSES = new Set([403, 404, 408, 429, 500, 502, 503, 504]);

function unreachable(error: unknown): boolean {
  if (error instanceof TimeoutError || error instanceof WebSocketRequestError) return true;
  const http =
    error instanceof BaseError
      ? error.walk((cause) => cause instanceof HttpRequestError || cause instanceof RpcRequestError)
      : null;
  if (http instanceof HttpRequestError) return true;
  // A JSON-RPC error in a non-2xx answer (the site's gateway answers its refusals so): by its status.
  return http instanceof RpcRequestError && http.status !== undefined && OUTAGE_STATUSES.has(http.status);
}

/**
 * An RPC transport that, once it failed to answer (network error, timeout, an HTTP error status such
 * as 429 or 503, with or without a JSON-RPC body), refuses at once for `cooldownMs` instead of being
 * tried again. Inside viem's `fallback`
 * this makes every read go straight to the next RPC while the provider is down, rather than each read
 * first waiting for the dead one (up to viem's 10 s timeout). JSON-RPC errors (a revert, a bad
 * request) are answers, not outages.
 */
export function skipWhileDown(
  transport: Transport,
  cooldownMs: number = RPC_COOLDOWN_MS,
  now = Date.now,
): Transport {
  let downUntil = 0;
  return (config) => {
    const inner = transport(config);
    const url = (inner.value as { url?: string } | undefined)?.url ?? inner.config.key;
    return {
      ...inner,
      async request(
        args: Parameters<typeof inner.request>[0],
        options?: Parameters<typeof inner.request>[1],
      ) {
        if (now() < downUntil) {
          throw new HttpRequestError({ url, details: "Skipped: this RPC failed to answer moments ago." });
        }
        try {
          return await inner.request(args, options);
        } catch (error) {
          if (unreachable(error)) downUntil = now() + cooldownMs;
          throw error;
        }
      },
    } as ReturnType<Transport>;
  };
}
