import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { requestId } from "hono/request-id";
import { routePath } from "hono/route";
import type { ApiEnv } from "./http/ApiEnv";
import { authRoutes } from "./http/authRoutes";
import { healthRoutes } from "./http/healthRoutes";
import { indexerProxy } from "./http/indexerProxy";
import { jsonError } from "./http/jsonError";
import { AnswerDeadlineExceeded, answerDeadline } from "./http/answerDeadline";
import { ANSWER_DEADLINE_MS } from "./config/answerBudget";
import { LogThrottle } from "./http/LogThrottle";
import { launchRoutes } from "./http/launchRoutes";
import { priceRoutes } from "./http/priceRoutes";
import { requestLog } from "./http/requestLog";
import { requestMetrics } from "./http/requestMetrics";
import { RATE_LIMIT_POLICIES, type RateLimitPolicies } from "./http/rateLimitPolicies";
import { sameOriginGuard } from "./http/sameOriginGuard";
import { rpcRoutes } from "./http/rpcRoutes";
import { untrustedForwardedForWatch } from "./http/untrustedForwardedForWatch";
import { apiMetrics } from "./metrics/apiMetrics";
import { indexerMetrics } from "./metrics/indexerMetrics";
import { ServerMetrics } from "./metrics/ServerMetrics";
import { requireSession, type SessionCookieSettings } from "./http/sessionCookie";
import { CHAIN_READ_LIMITS } from "./model/chainReadLimits";
import type { BalanceReader } from "./ports/BalanceReader";
import type { EligibilityPriceStore } from "./ports/EligibilityPriceStore";
import type { LaunchApplicationStore } from "./ports/LaunchApplicationStore";
import type { Logger } from "./ports/Logger";
import type { NonceStore } from "./ports/NonceStore";
import type { PriceHistoryStore } from "./ports/PriceHistoryStore";
import type { PriceSource } from "./ports/PriceSource";
import type { RateLimiter, RateLimitPolicy } from "./ports/RateLimiter";
import type { RegistrationStore } from "./ports/RegistrationStore";
import type { SessionStore } from "./ports/SessionStore";
import type { SignatureVerifier } from "./ports/SignatureVerifier";
import { apiSecureHeaders, noStore } from "./security/apiSecureHeaders";
import { strictTransportSecurity } from "./security/strictTransportSecurity";
import type { CheckReadiness } from "./use-cases/CheckReadiness";
import { GetEligibilityPrice, type EligibilityPriceSettings } from "./use-cases/GetEligibilityPrice";
import type { WatchDependencies } from "./use-cases/WatchDependencies";
import { GetPooPrice } from "./use-cases/GetPooPrice";
import { MemoryRateLimiter } from "./adapters/MemoryRateLimiter";
import { OverLimitMemo } from "./adapters/OverLimitMemo";
import { countRefusals } from "./metrics/countRefusals";
import { GetPriceHistory } from "./use-cases/GetPriceHistory";
import { GetRegistration } from "./use-cases/GetRegistration";
import { IssueNonce } from "./use-cases/IssueNonce";
import { RegisterForLaunch } from "./use-cases/RegisterForLaunch";
import type { RelayChainReads } from "./use-cases/RelayChainReads";
import { SubmitLaunchApplication } from "./use-cases/SubmitLaunchApplication";
import { VerifySignIn } from "./use-cases/VerifySignIn";

export const MAX_BODY_BYTES = 16 * 1024;
export const DATABASE_UNAVAILABLE =
  "The service's database is not answering right now; please retry in a few seconds.";
const DATABASE_RETRY_AFTER_SECONDS = 5;
export const DEFAULT_SESSION_IDLE_TIMEOUT_MS = 30 * 60_000;

export type ApiDeps = {
  /** Web origins allowed to sign in and to send state-changing requests, e.g. "http://127.0.0.1:5173". */
  allowedOrigins: readonly string[];
  allowedChainIds: readonly number[];
  /** HMAC keys of the session cookie: the first signs, every one verifies (key rotation). */
  sessionSecrets: readonly string[];
  /** A session unused this long ends (default 30 minutes); its absolute end stays 24 h. */
  sessionIdleTimeoutMs?: number;
  registrableLaunchIds: readonly string[];
  priceSource: PriceSource;
  nonceStore: NonceStore;
  sessionStore: SessionStore;
  /** The shared (database) limiter of the state-changing routes. */
  rateLimiter: RateLimiter;
  /** The read routes' limiter: this instance's memory by default. */
  readRateLimiter?: RateLimiter;
  signatureVerifier: SignatureVerifier;
  balanceReader: BalanceReader;
  registrationStore: RegistrationStore;
  applicationStore: LaunchApplicationStore;
  /** Every fetched POO price is recorded here and served as the chart's history. */
  priceHistoryStore: PriceHistoryStore;
  /** The launch's one price per window for eligibility decisions, shared by every instance. */
  eligibilityPriceStore: EligibilityPriceStore;
  /** Oldest quote a decision may use, and the window length (defaults: 15 and 5 minutes). */
  eligibilityPrice?: Partial<EligibilityPriceSettings>;
  logger: Logger;
  /** The client's address for rate limits (see clientAddressResolver: X-Forwarded-For via trusted proxies). */
  clientAddress: (c: Context) => string;
  /** The peer that sent X-Forwarded-For without being a trusted proxy (untrustedForwarder): counted, logged. */
  untrustedForwarder?: (c: Context) => string | undefined;
  /** Whether an error means the database is down, busy or too slow: answered 503, not 500. */
  databaseUnavailable?: (error: unknown) => boolean;
  /** This instance's metrics registry; a fresh one by default. */
  metrics?: ServerMetrics;
  /** /api/ready's answer: the database, and whether the server is shutting down. */
  readiness: CheckReadiness;
  /** The dependencies reported (not gated on) in /api/health: chain RPCs, the database. */
  dependencies?: WatchDependencies;
  /** Strict-Transport-Security: when to send it (ServerConfig.hsts) and how to tell https (servedOverHttps). */
  hsts?: { mode: "auto" | "always" | "off"; overHttps: (c: Context) => boolean };
  /** The built web app (`npm run serve`): its routes come before the API's, which they pass on. */
  site?: Hono<ApiEnv>;
  /** The browser's chain reads (POST /api/rpc/<chainId>); without it the route is not there. */
  chainReads?: RelayChainReads;
  /** The activity indexer (INDEXER_URL), reached by the browser under /indexer on this origin. */
  indexerUrl?: string;
  now?: () => number;
  rateLimitPolicies?: Partial<RateLimitPolicies>;
  newId?: () => string;
  /** Every /api and /indexer request is answered within this (default ANSWER_DEADLINE_MS). */
  answerDeadlineMs?: number;
};

/** A request that reached its deadline may be tried again soon: its dependency was slow, not down. */
const DEADLINE_RETRY_AFTER_SECONDS = 2;

/** The API as a Hono app; `app.request()` exercises it without a socket. */
export function createApi(deps: ApiDeps): Hono<ApiEnv> {
  const now = deps.now ?? Date.now;
  const { logger } = deps;
  const session: SessionCookieSettings = {
    secrets: deps.sessionSecrets,
    allowedChainIds: deps.allowedChainIds,
    allowedOrigins: deps.allowedOrigins,
    store: deps.sessionStore,
    now,
    idleTimeoutMs: deps.sessionIdleTimeoutMs ?? DEFAULT_SESSION_IDLE_TIMEOUT_MS,
  };
  const registry = deps.metrics ?? new ServerMetrics();
  const metrics = apiMetrics(registry);
  const policies: RateLimitPolicies = { ...RATE_LIMIT_POLICIES, ...deps.rateLimitPolicies };
  const refused = (policy: RateLimitPolicy) => metrics.rateLimitRefusals.inc({ policy: policy.name });
  const limits = {
    // A client known to be over a shared limit is refused from memory: no database write per refusal.
    limiter: countRefusals(new OverLimitMemo(deps.rateLimiter), refused),
    readLimiter: countRefusals(deps.readRateLimiter ?? new MemoryRateLimiter(), refused),
    policies,
    clientAddress: deps.clientAddress,
  };
  const getPooPrice = new GetPooPrice({
    source: deps.priceSource,
    logger,
    now,
    history: deps.priceHistoryStore,
  });
  const getPriceHistory = new GetPriceHistory({ store: deps.priceHistoryStore, now });

  // The price source is never asked for a report (it costs API credits): its last outcome is read.
  registry.onScrape(() => {
    const price = getPooPrice.status();
    if (price.status === "unknown") metrics.dependencyUp.remove({ dependency: "price" });
    else metrics.dependencyUp.set({ dependency: "price" }, price.status === "ok" ? 1 : 0);
  });

  const app = new Hono<ApiEnv>();
  app.use(requestId());
  app.use(requestMetrics(metrics));
  app.use(requestLog(logger, deps.clientAddress));
  if (deps.untrustedForwarder) {
    app.use(
      untrustedForwardedForWatch({
        untrustedForwarder: deps.untrustedForwarder,
        counter: metrics.untrustedForwardedFor,
        logger,
        now,
      }),
    );
  }
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
        // In memory, as the other read routes: no database write per read, none per refusal.
        limiter: limits.readLimiter,
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
  // Within nginx's wait for an instance, so a slow dependency never takes this instance out of rotation.
  const deadline = answerDeadline(deps.answerDeadlineMs ?? ANSWER_DEADLINE_MS);
  // The chain-read gateway keeps its own deadline (CHAIN_READ_LIMITS.answerWithinMs), in JSON-RPC form.
  app.use("/api/*", (c, next) => (c.req.path.startsWith("/api/rpc/") ? next() : deadline(c, next)));
  app.use("/indexer/*", deadline);

  if (deps.indexerUrl) {
    const { proxyRequests } = indexerMetrics(registry);
    app.route(
      "/indexer",
      indexerProxy(deps.indexerUrl, fetch, { ...limits, now }, (outcome) => proxyRequests.inc({ outcome })),
    );
  }
  app.route(
    "/api",
    healthRoutes(deps.readiness, () => ({ ...deps.dependencies?.report(), price: getPooPrice.status() })),
  );
  app.route("/api/price", priceRoutes(getPooPrice, getPriceHistory, { ...limits, now }));
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
        price: new GetEligibilityPrice({
          price: getPooPrice,
          store: deps.eligibilityPriceStore,
          logger,
          now,
          settings: deps.eligibilityPrice,
        }),
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
  // A database outage is the operator's to fix and the user's to retry: one clear 503 on every route
  // that needs it, one log line per 10 s (with how many were held back), never a 500.
  const outageLog = new LogThrottle({ intervalMs: 10_000, maxKeys: 2, maxLinesPerInterval: 1, now });
  app.onError((error, c) => {
    if (error instanceof AnswerDeadlineExceeded) {
      metrics.answerDeadlineExceeded.inc();
      if (outageLog.take("deadline").write) {
        logger.warn("Answer deadline reached: answered 503", {
          method: c.req.method,
          path: c.req.path,
          deadlineMs: error.deadlineMs,
        });
      }
      return jsonError(c, 503, error.message, { "Retry-After": String(DEADLINE_RETRY_AFTER_SECONDS) });
    }
    if (deps.databaseUnavailable?.(error)) {
      metrics.databaseUnavailable.inc();
      const verdict = outageLog.take("database");
      if (verdict.write) {
        logger.warn("Database unavailable: answered 503", {
          route: routePath(c),
          reason: error.message,
          heldBack: verdict.heldBack,
        });
      }
      return jsonError(c, 503, DATABASE_UNAVAILABLE, { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) });
    }
    logger.error("Unhandled API error", { method: c.req.method, path: c.req.path, reason: error.message });
    return jsonError(c, 500, "Internal server error.");
  });
  return app;
}
