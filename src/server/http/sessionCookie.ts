import { createHash, randomBytes } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getSignedCookie, setSignedCookie } from "hono/cookie";
import type { CookieOptions } from "hono/utils/cookie";
import type { Session } from "../model/Session";
import type { SessionStore } from "../ports/SessionStore";
import type { ApiEnv } from "./ApiEnv";
import { jsonError } from "./jsonError";
import { resolveSiteOrigin } from "./siteOrigin";

/**
 * Over https the cookie is `__Host-poo_session` (Secure, Path=/, no Domain): the browser then refuses
 * it from anything but this host over https, so a sibling subdomain or a plain-http answer cannot plant
 * a session (session fixation). On plain-http development hosts (127.0.0.1, localhost: the local stack
 * and the browser tests) a Secure cookie is not kept by every browser, so there it is `poo_session`
 * on Path=/api, as before.
 */
export const SESSION_COOKIE = "poo_session";
export const HOST_SESSION_COOKIE = "__Host-poo_session";
const LOCAL_COOKIE_PATH = "/api";
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** Longest a session's idle end may lag behind its last use: one write per minute, not per request. */
const MAX_TOUCH_LAG_MS = 60_000;

export type SessionCookieSettings = {
  /** HMAC keys of the cookie: the first signs, every one verifies (so a key can be rotated). */
  secrets: readonly string[];
  allowedChainIds: readonly number[];
  /** The web app's origins: an https one gets the __Host- cookie. */
  allowedOrigins: readonly string[];
  store: SessionStore;
  now: () => number;
  /** A session unused this long ends, before its absolute end. */
  idleTimeoutMs: number;
};

/** The store keeps a digest of the token, so a leaked database row cannot be replayed as a cookie. */
function sessionIdOf(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * Whether the browser sees this request's site over https (the __Host- cookie) or over plain http (a
 * local host, or a test network's address): browsers refuse a __Host- or Secure cookie set by an http
 * page, so such a site would never get its session back.
 */
function overHttps(c: Context, settings: SessionCookieSettings): boolean {
  const site = resolveSiteOrigin(c, settings.allowedOrigins) ?? new URL(c.req.url).origin;
  return new URL(site).protocol === "https:";
}

function cookieOf(secure: boolean): { name: string; options: CookieOptions } {
  return secure
    ? { name: HOST_SESSION_COOKIE, options: { httpOnly: true, sameSite: "Lax", secure: true, path: "/" } }
    : {
        name: SESSION_COOKIE,
        options: { httpOnly: true, sameSite: "Lax", secure: false, path: LOCAL_COOKIE_PATH },
      };
}

type PresentedToken = { token: string; secure: boolean; signedWithCurrentKey: boolean };

/**
 * The session token of the request's cookie, verified with any of the keys. The __Host- cookie is read
 * everywhere (only this host over https can have set it); the plain one only on a local http site.
 */
async function presentedToken(
  c: Context,
  settings: SessionCookieSettings,
): Promise<PresentedToken | undefined> {
  const kinds = overHttps(c, settings) ? [true] : [true, false];
  for (const secure of kinds) {
    const { name } = cookieOf(secure);
    for (const [index, secret] of settings.secrets.entries()) {
      const token = await getSignedCookie(c, secret, name);
      if (token === undefined) break; // no such cookie
      if (token !== false && TOKEN.test(token)) return { token, secure, signedWithCurrentKey: index === 0 };
    }
  }
  return undefined;
}

async function setSessionCookie(
  c: Context,
  settings: SessionCookieSettings,
  token: string,
  secure: boolean,
  expiresAtMs: number,
): Promise<void> {
  const { name, options } = cookieOf(secure);
  const [secret] = settings.secrets;
  if (secret === undefined) throw new Error("No session secret.");
  await setSignedCookie(c, name, token, secret, {
    ...options,
    maxAge: Math.max(0, Math.floor((expiresAtMs - settings.now()) / 1000)),
  });
}

/**
 * Starts a server-side session and sets its cookie: a random token, HMAC-signed so forged cookies
 * are refused without a database read. The browser's previous session, if it presents one, ends
 * first: one browser, one session.
 */
export async function startSession(
  c: Context,
  settings: SessionCookieSettings,
  session: Omit<Session, "id" | "idleExpiresAtMs">,
): Promise<Session> {
  const previous = await presentedToken(c, settings);
  if (previous) await settings.store.revoke(sessionIdOf(previous.token));
  const nowMs = settings.now();
  const token = randomBytes(32).toString("base64url");
  const saved: Session = {
    ...session,
    id: sessionIdOf(token),
    idleExpiresAtMs: Math.min(session.expiresAtMs, nowMs + settings.idleTimeoutMs),
  };
  await settings.store.save(saved, nowMs);
  await setSessionCookie(c, settings, token, overHttps(c, settings), saved.expiresAtMs);
  return saved;
}

function clearSessionCookie(c: Context, settings: SessionCookieSettings): void {
  const { name, options } = cookieOf(overHttps(c, settings));
  deleteCookie(c, name, options);
}

/** Ends the request's session everywhere (if it has one) and clears the cookie. */
export async function endSession(c: Context, settings: SessionCookieSettings): Promise<void> {
  const presented = await presentedToken(c, settings);
  if (presented) await settings.store.revoke(sessionIdOf(presented.token));
  clearSessionCookie(c, settings);
}

/** Ends every session of the signed-in wallet, on every instance; returns how many were open. */
export async function endEverySession(
  c: Context,
  settings: SessionCookieSettings,
  session: Session,
): Promise<number> {
  const ended = await settings.store.revokeAllOf(session.address, settings.now());
  clearSessionCookie(c, settings);
  return ended;
}

/**
 * The session of a validly signed cookie that the store still holds (neither idle nor past its end),
 * for a still-allowed chain. Reading it counts as use: the idle end moves on (at most once a minute).
 * A cookie signed with an older key is signed again with the current one.
 */
export async function readSession(c: Context, settings: SessionCookieSettings): Promise<Session | undefined> {
  const presented = await presentedToken(c, settings);
  if (!presented) return undefined;
  const nowMs = settings.now();
  const found = await settings.store.find(sessionIdOf(presented.token), nowMs);
  if (!found || !settings.allowedChainIds.includes(found.chainId)) return undefined;
  let session = found;
  const idleExpiresAtMs = Math.min(session.expiresAtMs, nowMs + settings.idleTimeoutMs);
  const lag = Math.min(MAX_TOUCH_LAG_MS, settings.idleTimeoutMs / 10);
  if (idleExpiresAtMs - session.idleExpiresAtMs >= lag) {
    await settings.store.touch(session.id, idleExpiresAtMs);
    session = { ...session, idleExpiresAtMs };
  }
  if (!presented.signedWithCurrentKey)
    await setSessionCookie(c, settings, presented.token, presented.secure, session.expiresAtMs);
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
