import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { requestId } from "hono/request-id";
import type { ApiEnv } from "./http/ApiEnv";
import { authRoutes } from "./http/authRoutes";
import { healthRoutes } from "./http/healthRoutes";
import { jsonError } from "./http/jsonError";
import { launchRoutes } from "./http/launchRoutes";
import { priceRoutes } from "./http/priceRoutes";
import { requestLog } from "./http/requestLog";
import { RATE_LIMIT_POLICIES, type RateLimitPolicies } from "./http/rateLimitPolicies";
import { sameOriginGuard } from "./http/sameOriginGuard";
import { rpcRoutes } from "./http/rpcRoutes";
import { requireSession, type SessionCookieSettings } from "./http/sessionCookie";
import { CHAIN_READ_LIMITS } from "./model/chainReadLimits";
import type { BalanceReader } from "./ports/BalanceReader";
import type { LaunchApplicationStore } from "./ports/LaunchApplicationStore";
import type { Logger } from "./ports/Logger";
import type { NonceStore } from "./ports/NonceStore";
import type { PriceHistoryStore } from "./ports/PriceHistoryStore";
import type { PriceSource } from "./ports/PriceSource";
import type { RateLimiter } from "./ports/RateLimiter";
import type { RegistrationStore } from "./ports/RegistrationStore";
import type { SessionStore } from "./ports/SessionStore";
import type { SignatureVerifier } from "./ports/SignatureVerifier";
import { apiSecureHeaders, noStore } from "./security/apiSecureHeaders";
import { strictTransportSecurity } from "./security/strictTransportSecurity";
import type { CheckReadiness } from "./use-cases/CheckReadiness";
import { GetPooPrice } from "./use-cases/GetPooPrice";
import { GetPriceHistory } from "./use-cases/GetPriceHistory";
import { GetRegistration } from "./use-cases/GetRegistration";
import { IssueNonce } from "./use-cases/IssueNonce";
import { RegisterForLaunch } from "./use-cases/RegisterForLaunch";
import type { RelayChainReads } from "./use-cases/RelayChainReads";
import { SubmitLaunchApplication } from "./use-cases/SubmitLaunchApplication";
import { VerifySignIn } from "./use-cases/VerifySignIn";

export const MAX_BODY_BYTES = 16 * 1024;

export type ApiDeps = {
  /** Web origins allowed to sign in and to send state-changing requests, e.g. "http://127.0.0.1:5173". */
  allowedOrigins: readonly string[];
  allowedChainIds: readonly number[];
  /** HMAC key of the session cookie. */
  sessionSecret: string;
  registrableLaunchIds: readonly string[];
  priceSource: PriceSource;
  nonceStore: NonceStore;
  sessionStore: SessionStore;
  rateLimiter: RateLimiter;
  signatureVerifier: SignatureVerifier;
  balanceReader: BalanceReader;
  registrationStore: RegistrationStore;
  applicationStore: LaunchApplicationStore;
  /** Every fetched POO price is recorded here and served as the chart's history. */
  priceHistoryStore: PriceHistoryStore;
  logger: Logger;
  /** The client's address for rate limits (see clientAddressResolver: X-Forwarded-For via trusted proxies). */
  clientAddress: (c: Context) => string;
  /** /api/ready's answer: the database and chains, and whether the server is shutting down. */
  readiness: CheckReadiness;
  /** Strict-Transport-Security: when to send it (ServerConfig.hsts) and how to tell https (servedOverHttps). */
  hsts?: { mode: "auto" | "always" | "off"; overHttps: (c: Context) => boolean };
  /** The built web app (`npm run serve`): its routes come before the API's, which they pass on. */
  site?: Hono<ApiEnv>;
  /** The browser's chain reads (POST /api/rpc/<chainId>); without it the route is not there. */
  chainReads?: RelayChainReads;
  now?: () => number;
  rateLimitPolicies?: Partial<RateLimitPolicies>;
  newId?: () => string;
};

/** The API as a Hono app; `app.request()` exercises it without a socket. */
export function createApi(deps: ApiDeps): Hono<ApiEnv> {
  const now = deps.now ?? Date.now;
  const { logger } = deps;
  const session: SessionCookieSettings = {
    secret: deps.sessionSecret,
    allowedChainIds: deps.allowedChainIds,
    store: deps.sessionStore,
    now,
  };
  const policies: RateLimitPolicies = { ...RATE_LIMIT_POLICIES, ...deps.rateLimitPolicies };
  const limits = { limiter: deps.rateLimiter, policies, clientAddress: deps.clientAddress };
  const getPooPrice = new GetPooPrice({
    source: deps.priceSource,
    logger,
    now,
    history: deps.priceHistoryStore,
  });
  const getPriceHistory = new GetPriceHistory({ store: deps.priceHistoryStore, now });

  const app = new Hono<ApiEnv>();
  app.use(requestId());
  app.use(requestLog(logger, deps.clientAddress));
  if (deps.hsts) app.use(strictTransportSecurity(deps.hsts.mode, deps.hsts.overHttps));
  if (deps.site) app.route("/", deps.site);
  app.use(apiSecureHeaders());
  app.use(noStore);
  // Before the API's 16-KiB body limit and origin guard: the gateway has its own, answered in JSON-RPC.
  if (deps.chainReads) {
    app.route(
      "/api/rpc",
      rpcRoutes({
        relay: deps.chainReads,
        limiter: deps.rateLimiter,
        policy: policies.rpcByClient,
        clientAddress: deps.clientAddress,
        allowedOrigins: deps.allowedOrigins,
        maxBodyBytes: CHAIN_READ_LIMITS.maxBodyBytes,
        now,
      }),
    );
  }
  app.use(
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => jsonError(c, 413, "Request body is larger than 16 KiB."),
    }),
  );
  app.use(sameOriginGuard(deps.allowedOrigins));

  app.route("/api", healthRoutes(deps.readiness));
  app.route("/api/price", priceRoutes(getPooPrice, getPriceHistory));
  app.route(
    "/api/auth",
    authRoutes({
      issueNonce: new IssueNonce({ nonceStore: deps.nonceStore, now }),
      verifySignIn: new VerifySignIn({
        nonceStore: deps.nonceStore,
        verifier: deps.signatureVerifier,
        allowedOrigins: deps.allowedOrigins,
        allowedChainIds: deps.allowedChainIds,
        logger,
        now,
      }),
      session,
      allowedOrigins: deps.allowedOrigins,
      ...limits,
    }),
  );
  app.route(
    "/api",
    launchRoutes({
      registerForLaunch: new RegisterForLaunch({
        balances: deps.balanceReader,
        price: getPooPrice,
        store: deps.registrationStore,
        logger,
        now,
      }),
      getRegistration: new GetRegistration(deps.registrationStore),
      submitLaunchApplication: new SubmitLaunchApplication({
        store: deps.applicationStore,
        now,
        newId: deps.newId,
      }),
      registrableLaunchIds: deps.registrableLaunchIds,
      requireSession: requireSession(session),
      ...limits,
      now,
    }),
  );

  app.notFound((c) => jsonError(c, 404, "Not found."));
  app.onError((error, c) => {
    logger.error("Unhandled API error", { method: c.req.method, path: c.req.path, reason: error.message });
    return jsonError(c, 500, "Internal server error.");
  });
  return app;
}
