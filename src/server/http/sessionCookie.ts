import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getSignedCookie, setSignedCookie } from "hono/cookie";
import { getAddress, isAddress } from "viem";
import type { Session } from "../model/Session";
import type { ApiEnv } from "./ApiEnv";
import { jsonError } from "./jsonError";

export const SESSION_COOKIE = "poo_session";
const COOKIE_PATH = "/api";

export type SessionCookieSettings = {
  secret: string;
  allowedChainIds: readonly number[];
  now: () => number;
};

/** Sets the HMAC-signed session cookie: `<address>.<chainId>.<expiry in unix seconds>`. */
export async function writeSessionCookie(
  c: Context,
  session: Session,
  secret: string,
  secure: boolean,
  nowMs: number,
): Promise<void> {
  const expiresAtSeconds = Math.floor(session.expiresAtMs / 1000);
  await setSignedCookie(
    c,
    SESSION_COOKIE,
    `${session.address}.${session.chainId}.${expiresAtSeconds}`,
    secret,
    {
      httpOnly: true,
      sameSite: "Lax",
      secure,
      path: COOKIE_PATH,
      maxAge: Math.max(0, Math.floor((session.expiresAtMs - nowMs) / 1000)),
    },
  );
}

export function clearSessionCookie(c: Context, secure: boolean): void {
  deleteCookie(c, SESSION_COOKIE, { httpOnly: true, sameSite: "Lax", secure, path: COOKIE_PATH });
}

/** The session in a validly signed, unexpired cookie for a still-allowed chain; otherwise undefined. */
export async function readSession(c: Context, settings: SessionCookieSettings): Promise<Session | undefined> {
  const value = await getSignedCookie(c, settings.secret, SESSION_COOKIE);
  if (!value) return undefined;
  const match = /^(0x[0-9a-fA-F]{40})\.(\d{1,15})\.(\d{1,12})$/.exec(value);
  if (!match) return undefined;
  const [, address = "", chainIdText = "", expiresText = ""] = match;
  const chainId = Number(chainIdText);
  const expiresAtMs = Number(expiresText) * 1000;
  if (!isAddress(address, { strict: false }) || !settings.allowedChainIds.includes(chainId)) return undefined;
  if (expiresAtMs <= settings.now()) return undefined;
  return { address: getAddress(address), chainId, expiresAtMs };
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
