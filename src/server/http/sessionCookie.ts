import { createHash, randomBytes } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getSignedCookie, setSignedCookie } from "hono/cookie";
import type { Session } from "../model/Session";
import type { SessionStore } from "../ports/SessionStore";
import type { ApiEnv } from "./ApiEnv";
import { jsonError } from "./jsonError";

export const SESSION_COOKIE = "poo_session";
const COOKIE_PATH = "/api";

export type SessionCookieSettings = {
  secret: string;
  allowedChainIds: readonly number[];
  store: SessionStore;
  now: () => number;
};

/** The store keeps a digest of the token, so a leaked database row cannot be replayed as a cookie. */
function sessionIdOf(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * Starts a server-side session and sets its cookie: a random token, HMAC-signed so forged cookies
 * are refused without a database read.
 */
export async function startSession(
  c: Context,
  settings: SessionCookieSettings,
  session: Omit<Session, "id">,
  secure: boolean,
): Promise<Session> {
  const nowMs = settings.now();
  const token = randomBytes(32).toString("base64url");
  const saved: Session = { ...session, id: sessionIdOf(token) };
  await settings.store.save(saved, nowMs);
  await setSignedCookie(c, SESSION_COOKIE, token, settings.secret, {
    httpOnly: true,
    sameSite: "Lax",
    secure,
    path: COOKIE_PATH,
    maxAge: Math.max(0, Math.floor((session.expiresAtMs - nowMs) / 1000)),
  });
  return saved;
}

/** Ends the request's session everywhere (if it has one) and clears the cookie. */
export async function endSession(
  c: Context,
  settings: SessionCookieSettings,
  secure: boolean,
): Promise<void> {
  const token = await getSignedCookie(c, settings.secret, SESSION_COOKIE);
  if (token) await settings.store.revoke(sessionIdOf(token));
  deleteCookie(c, SESSION_COOKIE, { httpOnly: true, sameSite: "Lax", secure, path: COOKIE_PATH });
}

/** The session of a validly signed cookie that the store still holds, for a still-allowed chain. */
export async function readSession(c: Context, settings: SessionCookieSettings): Promise<Session | undefined> {
  const token = await getSignedCookie(c, settings.secret, SESSION_COOKIE);
  if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const session = await settings.store.find(sessionIdOf(token), settings.now());
  if (!session || !settings.allowedChainIds.includes(session.chainId)) return undefined;
  return session;
}

/** 401 unless the request carries a valid session; otherwise puts it in `c.var.session`. */
export function requireSession(settings: SessionCookieSettings): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const session = await readSession(c, settings);
    if (!session) return jsonError(c, 401, "Sign in with your wallet first.");
    c.set("session", session);
    return next();
  };
}
