import type { Address } from "../../domain/address";

export interface SignInSession {
  readonly address: Address;
  readonly chainId: number;
  readonly expiresAt: Date;
}

/**
 * The server side of Sign-In with Ethereum (EIP-4361): a single-use nonce, verification of the signed
 * message (which starts a session kept in an HttpOnly cookie), the current session and sign-out.
 */
export interface SignInGateway {
  getNonce(): Promise<string>;
  /** Resolves with the new session; rejects with a domain error when the server refuses the signature. */
  verify(message: string, signature: `0x${string}`): Promise<SignInSession>;
  /** The session of this browser, or null when signed out or expired. */
  currentSession(): Promise<SignInSession | null>;
  signOut(): Promise<void>;
  /**
   * Ends every session of the signed-in wallet, in every browser and device; resolves with how many
   * ended. Rejects with a domain error when the server refuses (e.g. the session is over already).
   */
  signOutEverywhere(): Promise<number>;
}
