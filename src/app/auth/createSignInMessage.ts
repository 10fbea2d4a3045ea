import type { Address } from "viem";
import { createSiweMessage } from "viem/siwe";

/** Sessions last 24 h on the server; the signed message says so too. */
export const SIGN_IN_VALIDITY_MS = 24 * 60 * 60 * 1000;

export function createSignInMessage(
  args: { nonce: string; address: Address; chainId: number },
  location: { host: string; origin: string },
  now: Date = new Date(),
): string {
  return createSiweMessage({
    domain: location.host,
    uri: location.origin,
    address: args.address,
    chainId: args.chainId,
    nonce: args.nonce,
    version: "1",
    statement: "Sign in to POO Finance to register for token launches.",
    issuedAt: now,
    expirationTime: new Date(now.getTime() + SIGN_IN_VALIDITY_MS),
  });
}
