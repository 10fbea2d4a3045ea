import { getAddress, type Hex } from "viem";
import { parseSignInMessage } from "../model/parseSignInMessage";
import type { Session } from "../model/Session";
import type { Logger } from "../ports/Logger";
import type { NonceState, NonceStore } from "../ports/NonceStore";
import type { SignatureVerifier } from "../ports/SignatureVerifier";
import { fail, type Failure } from "./Failure";
import { NONCE_TTL_MS } from "./IssueNonce";

export const SESSION_TTL_MS = 24 * 60 * 60_000;
/** Tolerated clock difference between the wallet's device and the server. */
export const CLOCK_SKEW_MS = 60_000;
/**
 * Oldest Issued At accepted. The app writes the message right after fetching its nonce, which lives
 * 5 minutes, so an honest message is never older than that (plus the device's clock skew); an older
 * one was written for another nonce or by a wrong clock.
 */
export const ISSUED_AT_MAX_AGE_MS = NONCE_TTL_MS + CLOCK_SKEW_MS;

export type VerifySignInDeps = {
  nonceStore: NonceStore;
  verifier: SignatureVerifier;
  allowedOrigins: readonly string[];
  allowedChainIds: readonly number[];
  logger: Logger;
  now: () => number;
};

export type VerifySignInInput = {
  message: string;
  signature: Hex;
  /** The allowed web origin the request came from; the message must name it. */
  siteOrigin: string;
  /** What stands for the browser the nonce was issued to (see NonceStore), if the request has it. */
  nonceBinding: string | undefined;
};

const NONCE_ERRORS: Record<Exclude<NonceState, "valid">, string> = {
  unknown: "Sign-in nonce was not issued by this server.",
  foreign: "Sign-in nonce was issued to another browser; request a new one.",
  used: "Sign-in nonce has already been used.",
  expired: "Sign-in nonce has expired; request a new one.",
};

/**
 * Checks an EIP-4361 message and its signature and, when everything holds, consumes the nonce and
 * returns what the session is for (the route stores it). Every refusal leaves the nonce as it was, so the user can retry.
 */
export class VerifySignIn {
  constructor(private readonly deps: VerifySignInDeps) {}

  async execute({
    message,
    signature,
    siteOrigin,
    nonceBinding,
  }: VerifySignInInput): Promise<{ ok: true; session: Omit<Session, "id" | "idleExpiresAtMs"> } | Failure> {
    const { deps } = this;
    const now = deps.now();
    const fields = parseSignInMessage(message);
    if (fields === undefined) return fail(400, "Sign-in message is not a valid EIP-4361 message.");
    const { address, chainId, domain, nonce, uri, issuedAt, expirationTime, notBefore, scheme } = fields;

    const site = new URL(siteOrigin);
    if (domain !== site.host) return fail(401, "Sign-in message domain does not match this site.");
    if (scheme !== undefined && `${scheme}:` !== site.protocol) {
      return fail(401, "Sign-in message scheme does not match this site.");
    }
    if (!deps.allowedOrigins.includes(originOf(uri) ?? "")) {
      return fail(401, "Sign-in message URI is not an allowed origin.");
    }
    if (!deps.allowedChainIds.includes(chainId))
      return fail(401, `Chain ${chainId} is not allowed for sign-in.`);

    if (issuedAt.getTime() > now + CLOCK_SKEW_MS)
      return fail(401, "Sign-in message is issued in the future.");
    if (issuedAt.getTime() < now - ISSUED_AT_MAX_AGE_MS)
      return fail(401, "Sign-in message was issued too long ago; sign in again.");
    if (expirationTime !== undefined && expirationTime.getTime() <= now)
      return fail(401, "Sign-in message has expired.");
    if (notBefore !== undefined && notBefore.getTime() > now + CLOCK_SKEW_MS) {
      return fail(401, "Sign-in message is not valid yet.");
    }

    // Without a nonce cookie the request stands for no browser: "" is no stored nonce's binding.
    const binding = nonceBinding ?? "";
    const nonceState = await deps.nonceStore.inspect(nonce, now, binding);
    if (nonceState !== "valid") return fail(401, NONCE_ERRORS[nonceState]);

    let signatureValid: boolean;
    try {
      signatureValid = await deps.verifier.verify({
        chainId,
        address: getAddress(address),
        message,
        signature,
      });
    } catch (error) {
      deps.logger.warn("Sign-in signature check failed", {
        chainId,
        reason: error instanceof Error ? error.message : String(error),
      });
      return fail(503, "Could not verify the signature right now; please retry.");
    }
    if (!signatureValid) return fail(401, "Signature does not match the sign-in message and address.");

    // Consumed only now: a concurrent request with the same nonce loses here.
    const consumed = await deps.nonceStore.consume(nonce, deps.now(), binding);
    if (consumed !== "valid") return fail(401, NONCE_ERRORS[consumed]);

    const sessionEnd = now + SESSION_TTL_MS;
    const expiresAtMs = expirationTime ? Math.min(sessionEnd, expirationTime.getTime()) : sessionEnd;
    return { ok: true, session: { address: getAddress(address), chainId, expiresAtMs } };
  }
}

function originOf(uri: string): string | undefined {
  try {
    return new URL(uri).origin;
  } catch {
    return undefined;
  }
}
