import { createHash, randomBytes } from "node:crypto";
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";

export const NONCE_COOKIE = "poo_nonce";
const TOKEN = /^[A-Za-z0-9_-]{22}$/;

/** The store keeps a digest, so a leaked database row cannot be turned back into the cookie. */
export function nonceBindingOf(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * The binding of the nonce this request is about to get: the browser's poo_nonce token when it
 * already has one (so every tab's outstanding nonce stays valid), otherwise a new random token,
 * set (again) as an HttpOnly, SameSite=Strict cookie on /api/auth that lives as long as a nonce.
 */
export function bindNonceToBrowser(c: Context, options: { secure: boolean; maxAgeSeconds: number }): string {
  const current = getCookie(c, NONCE_COOKIE);
  const token =
    current !== undefined && TOKEN.test(current) ? current : randomBytes(16).toString("base64url");
  setCookie(c, NONCE_COOKIE, token, {
    httpOnly: true,
    sameSite: "Strict",
    secure: options.secure,
    path: "/api/auth",
    maxAge: options.maxAgeSeconds,
  });
  return nonceBindingOf(token);
}

/** The binding the request presents with a sign-in, or undefined without a well-formed nonce cookie. */
export function presentedNonceBinding(c: Context): string | undefined {
  const token = getCookie(c, NONCE_COOKIE);
  return token !== undefined && TOKEN.test(token) ? nonceBindingOf(token) : undefined;
}
