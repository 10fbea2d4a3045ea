import type { RateLimitPolicy } from "../ports/RateLimiter";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Every state-changing route's limits: per client address (before anything else, so junk costs one
 * counter) and, once signed in, per wallet, counted in the database that every instance shares. A
 * client address can be a whole office behind NAT, so its limits leave room for several people; a
 * wallet is one person. The read routes' limits (`*Read*`, `price*`) are counted in each instance's
 * memory: they guard against floods, and a database write per read would cost more than the read.
 */
export const RATE_LIMIT_POLICIES = {
  nonceByClient: { name: "nonce-ip", limit: 20, windowMs: MINUTE },
  verifyByClient: { name: "verify-ip", limit: 10, windowMs: MINUTE },
  logoutByClient: { name: "logout-ip", limit: 30, windowMs: MINUTE },
  registrationByClient: { name: "registration-ip", limit: 60, windowMs: MINUTE },
  registrationByWallet: { name: "registration-wallet", limit: 10, windowMs: MINUTE },
  applicationByClient: { name: "application-ip", limit: 30, windowMs: HOUR },
  applicationByWallet: { name: "application-wallet", limit: 10, windowMs: HOUR },
  // Ten a second per client address and instance: a whole office behind one NAT address loading pages
  // is far below it, a script hammering one route is stopped.
  priceByClient: { name: "price-ip", limit: 600, windowMs: MINUTE },
  priceHistoryByClient: { name: "price-history-ip", limit: 300, windowMs: MINUTE },
  sessionReadByClient: { name: "me-ip", limit: 600, windowMs: MINUTE },
  registrationReadByClient: { name: "registration-read-ip", limit: 600, windowMs: MINUTE },
  /**
   * The chain-read gateway (a batch is one request), counted in memory as the other reads: a tab
   * reads about once per block, and polls every 250 ms while it waits for a transaction; an office
   * behind one address has room for many.
   */
  rpcByClient: { name: "rpc-ip", limit: 1_200, windowMs: MINUTE },
  // /indexer/* (the activity indexer behind this server): a page load asks once.
  indexerByClient: { name: "indexer-ip", limit: 600, windowMs: MINUTE },
} satisfies Record<string, RateLimitPolicy>;

export type RateLimitPolicies = { [Name in keyof typeof RATE_LIMIT_POLICIES]: RateLimitPolicy };
