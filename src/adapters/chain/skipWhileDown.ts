import { HttpRequestError, TimeoutError, WebSocketRequestError, type Transport } from "viem";

/** How long an RPC that failed to answer is left out of the fallback order. */
export const RPC_COOLDOWN_MS = 60_000;

function unreachable(error: unknown): boolean {
  return (
    error instanceof HttpRequestError ||
    error instanceof TimeoutError ||
    error instanceof WebSocketRequestError
  );
}

/**
 * An RPC transport that, once it failed to answer (network error, timeout, an HTTP error status such
 * as 429), refuses at once for `cooldownMs` instead of being tried again. Inside viem's `fallback`
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
