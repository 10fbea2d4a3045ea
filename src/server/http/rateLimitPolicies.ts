import type { RateLimitPolicy } from "../ports/RateLimiter";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Every state-changing route's limits: per client address (before anything else, so junk costs one
 * counter) and, once signed in, per wallet. A client address can be a whole office behind NAT, so
 * its limits leave room for several people; a wallet is one person.
 */
export const RATE_LIMIT_POLICIES = {
  nonceByClient: { name: "nonce-ip", limit: 20, windowMs: MINUTE },
  verifyByClient: { name: "verify-ip", limit: 10, windowMs: MINUTE },
  logoutByClient: { name: "logout-ip", limit: 30, windowMs: MINUTE },
  registrationByClient: { name: "registration-ip", limit: 60, windowMs: MINUTE },
  registrationByWallet: { name: "registration-wallet", limit: 10, windowMs: MINUTE },
  applicationByClient: { name: "application-ip", limit: 30, windowMs: HOUR },
  applicationByWallet: { name: "application-wallet", limit: 10, windowMs: HOUR },
  /**
   * The chain-read gateway (a batch is one request): a tab reads about once per block, and polls
   * every 250 ms while it waits for a transaction; an office behind one address has room for many.
   */
  rpcByClient: { name: "rpc-ip", limit: 1_200, windowMs: MINUTE },
} satisfies Record<string, RateLimitPolicy>;

export type RateLimitPolicies = { [Name in keyof typeof RATE_LIMIT_POLICIES]: RateLimitPolicy };
