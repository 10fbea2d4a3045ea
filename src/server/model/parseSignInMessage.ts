import { createSiweMessage, parseSiweMessage, type SiweMessage } from "viem/siwe";

/** A sign-in message's fields, with Issued At required (EIP-4361 requires it; viem's type does not). */
export type SignInMessage = SiweMessage & { issuedAt: Date };

// EIP-4361's ABNF: statement = *( reserved / unreserved / " " ), request-id = *pchar (RFC 3986).
const STATEMENT = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;= ]*$/;
const REQUEST_ID = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})*$/;

/**
 * The fields of an EIP-4361 message, or undefined unless the text is exactly the canonical message
 * of those fields (viem's createSiweMessage of what viem's parseSiweMessage read). The parser alone
 * is not anchored: it skips lines it does not know, reads a statement's first line only and stops
 * at fields out of order (a Not Before before the Expiration Time hides the expiry), so a text that
 * wallets do not recognise as a sign-in request, and sign without the domain check, would pass.
 * Requiring the exact canonical text accepts only what a strict EIP-4361 parser accepts: fields in
 * order, LF line ends, an EIP-55 address, RFC 3339 times as Date.toISOString writes them (which is
 * what viem, and so this app and RainbowKit, write), nothing before or after.
 */
export function parseSignInMessage(message: string): SignInMessage | undefined {
  const fields = parseSiweMessage(message);
  const { address, chainId, domain, nonce, uri, version, issuedAt, statement, requestId } = fields;
  if (
    address === undefined ||
    chainId === undefined ||
    domain === undefined ||
    nonce === undefined ||
    uri === undefined ||
    version === undefined ||
    issuedAt === undefined ||
    [issuedAt, fields.expirationTime, fields.notBefore].some(
      (date) => date !== undefined && Number.isNaN(date.getTime()),
    ) ||
    (statement !== undefined && !STATEMENT.test(statement)) ||
    (requestId !== undefined && !REQUEST_ID.test(requestId))
  ) {
    return undefined;
  }
  const parsed: SignInMessage = { ...fields, address, chainId, domain, nonce, uri, version, issuedAt };
  try {
    // Throws on a field viem would never write (domain, nonce, URI, resources, version).
    return createSiweMessage(parsed) === message ? parsed : undefined;
  } catch {
    return undefined;
  }
}
