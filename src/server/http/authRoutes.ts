import { Hono, type Context } from "hono";
import { z } from "zod";
import type { Session } from "../model/Session";
import type { RateLimiter } from "../ports/RateLimiter";
import { NONCE_TTL_MS, type IssueNonce } from "../use-cases/IssueNonce";
import type { VerifySignIn } from "../use-cases/VerifySignIn";
import type { ApiEnv } from "./ApiEnv";
import { clientRateLimitKey } from "./clientRateLimitKey";
import { jsonError } from "./jsonError";
import { bindNonceToBrowser, presentedNonceBinding } from "./nonceCookie";
import { rateLimit } from "./rateLimit";
import type { RateLimitPolicies } from "./rateLimitPolicies";
import { readJsonBody } from "./readJsonBody";
import {
  endEverySession,
  endSession,
  readSession,
  requireSession,
  startSession,
  type SessionCookieSettings,
} from "./sessionCookie";
import { resolveSiteOrigin } from "./siteOrigin";

export type AuthRoutesDeps = {
  issueNonce: IssueNonce;
  verifySignIn: VerifySignIn;
  session: SessionCookieSettings;
  allowedOrigins: readonly string[];
  limiter: RateLimiter;
  /** The read routes' limiter (this instance's memory). */
  readLimiter: RateLimiter;
  policies: RateLimitPolicies;
  clientAddress: (c: Context) => string;
};

const verifyBodySchema = z.strictObject({
  message: z.string().min(1, "message is required.").max(4096, "message is longer than 4096 characters."),
  signature: z
    .string()
    .max(8192, "signature is too long.")
    .regex(/^0x(?:[0-9a-fA-F]{2})+$/, "signature must be 0x-prefixed hex bytes.")
    .transform((value) => value as `0x${string}`),
});

/**
 * Sign-In with Ethereum: nonce, verify (starts a server-side session, ending the browser's previous
 * one), me, logout (ends this session on every instance), logout-everywhere (ends every session of
 * the wallet).
 */
export function authRoutes(deps: AuthRoutesDeps): Hono<ApiEnv> {
  const now = deps.session.now;
  const { limiter, readLimiter, policies } = deps;
  const client = (c: Context) => clientRateLimitKey(deps.clientAddress(c));
  const sessionJson = (session: Session) => ({
    address: session.address,
    chainId: session.chainId,
    expiresAt: new Date(session.expiresAtMs).toISOString(),
    idleExpiresAt: new Date(session.idleExpiresAtMs).toISOString(),
  });

  return new Hono<ApiEnv>()
    .get("/nonce", rateLimit(limiter, policies.nonceByClient, client, now), async (c) => {
      // A same-origin GET has no Origin header; without a known site host, the request's own decides.
      const site = resolveSiteOrigin(c, deps.allowedOrigins) ?? new URL(c.req.url).origin;
      const binding = bindNonceToBrowser(c, {
        // Browsers refuse a Secure cookie from an http page: Secure only where the site is https.
        secure: new URL(site).protocol === "https:",
        maxAgeSeconds: NONCE_TTL_MS / 1000,
      });
      const { nonce, expiresAt } = await deps.issueNonce.execute(binding);
      return c.json({ nonce, expiresAt: expiresAt.toISOString() });
    })
    .post("/verify", rateLimit(limiter, policies.verifyByClient, client, now), async (c) => {
      const siteOrigin = resolveSiteOrigin(c, deps.allowedOrigins);
      if (siteOrigin === undefined)
        return jsonError(c, 403, "Sign-in is only accepted from the POO Finance web app.");
      const body = await readJsonBody(c, verifyBodySchema);
      if (!body.ok) return body.response;

      const result = await deps.verifySignIn.execute({
        ...body.data,
        siteOrigin,
        nonceBinding: presentedNonceBinding(c),
      });
      if (!result.ok) return jsonError(c, result.status, result.error);

      return c.json(sessionJson(await startSession(c, deps.session, result.session)));
    })
    .get("/me", rateLimit(readLimiter, policies.sessionReadByClient, client, now), async (c) => {
      const session = await readSession(c, deps.session);
      if (!session) return jsonError(c, 401, "Not signed in.");
      return c.json(sessionJson(session));
    })
    .post("/logout", rateLimit(limiter, policies.logoutByClient, client, now), async (c) => {
      await endSession(c, deps.session);
      return c.body(null, 204);
    })
    .post(
      "/logout-everywhere",
      // The same allowance as /logout: both end sessions, and each costs one write.
      rateLimit(limiter, policies.logoutByClient, client, now),
      requireSession(deps.session),
      async (c) => c.json({ ended: await endEverySession(c, deps.session, c.var.session) }),
    );
}
