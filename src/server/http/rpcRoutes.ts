import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { RPC_ERROR, rpcError, type JsonRpcAnswer } from "../model/jsonRpc";
import type { RateLimiter, RateLimitPolicy } from "../ports/RateLimiter";
import type { RelayChainReads } from "../use-cases/RelayChainReads";
import type { ApiEnv } from "./ApiEnv";
import { clientRateLimitKey } from "./clientRateLimitKey";

export type RpcRoutesDeps = {
  relay: RelayChainReads;
  /**
   * The read routes' limiter: this instance's memory, so that neither a read nor a refusal writes to
   * the database (chain reads do not need it, and go on while it is down).
   */
  limiter: RateLimiter;
  /** Requests per client address (a batch is one). */
  policy: RateLimitPolicy;
  clientAddress: (c: Context) => string;
  /** The site's origins: a browser page of another site may not use the gateway. */
  allowedOrigins: readonly string[];
  maxBodyBytes: number;
  now: () => number;
};

const answer = (
  c: Context,
  status: ContentfulStatusCode,
  body: JsonRpcAnswer | JsonRpcAnswer[],
  headers?: Record<string, string>,
) => c.json(body, status, headers);

/**
 * POST /api/rpc/<chainId>: the browser's chain reads, relayed to the server's providers
 * (RelayChainReads). Every refusal is a JSON-RPC error: a page of another site (403), too many
 * requests from one client (429, with Retry-After), a body over the limit (413), a chain not served
 * (404), a body that is not JSON (400); what the request asks for is judged call by call.
 */
export function rpcRoutes(deps: RpcRoutesDeps): Hono<ApiEnv> {
  const kib = Math.round(deps.maxBodyBytes / 1024);
  return new Hono<ApiEnv>()
    .post(
      "/:chainId",
      async (c, next) => {
        const origin = c.req.header("origin");
        const crossSite = c.req.header("sec-fetch-site") === "cross-site";
        if (
          (origin !== undefined && !deps.allowedOrigins.includes(origin)) ||
          (origin === undefined && crossSite)
        ) {
          return answer(c, 403, rpcError(null, RPC_ERROR.invalidRequest, "Cross-origin request refused."));
        }
        return next();
      },
      async (c, next) => {
        const key = clientRateLimitKey(deps.clientAddress(c));
        const decision = await deps.limiter.hit(deps.policy, key, deps.now());
        if (!decision.allowed) {
          return answer(
            c,
            429,
            rpcError(
              null,
              RPC_ERROR.limitExceeded,
              `Too many requests; retry in ${decision.retryAfterSeconds} s.`,
            ),
            { "Retry-After": String(decision.retryAfterSeconds) },
          );
        }
        return next();
      },
      bodyLimit({
        maxSize: deps.maxBodyBytes,
        onError: (c) =>
          answer(c, 413, rpcError(null, RPC_ERROR.invalidRequest, `Request body is larger than ${kib} KiB.`)),
      }),
      async (c) => {
        const text = c.req.param("chainId");
        const chainId = /^\d{1,15}$/.test(text) ? Number(text) : Number.NaN;
        if (!deps.relay.serves(chainId)) {
          return answer(
            c,
            404,
            rpcError(
              null,
              RPC_ERROR.invalidRequest,
              Number.isNaN(chainId) ? "Not a chain id." : `Chain ${chainId} is not served here.`,
            ),
          );
        }
        let payload: unknown;
        try {
          payload = JSON.parse(await c.req.text());
        } catch {
          return answer(c, 400, rpcError(null, RPC_ERROR.parse, "Parse error: the body is not JSON."));
        }
        const { status, body } = await deps.relay.relay(chainId, payload);
        return answer(c, status, body);
      },
    )
    .all("/:chainId", (c) =>
      answer(c, 405, rpcError(null, RPC_ERROR.invalidRequest, "Send JSON-RPC with POST."), { Allow: "POST" }),
    );
}
