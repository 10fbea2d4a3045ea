/** SQLSTATE classes and codes that mean "the database did not serve this now", not "this is wrong". */
const UNAVAILABLE_SQLSTATES = [
  /^08/, // connection exception
  /^53/, // insufficient resources: too many connections, out of memory, disk full
  /^57P0[1-4]$/, // admin, crash or other shutdown; cannot connect now; database dropped
  /^57014$/, // query_canceled: statement_timeout
  /^55P03$/, // lock_not_available: lock_timeout
  /^25P03$/, // idle_in_transaction_session_timeout
  /^40001$/, // serialization failure under load
  /^40P01$/, // deadlock detected
];

/** Socket errors on the way to the server. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/** node-postgres' own words for a connection that failed, timed out or was closed. */
const PG_MESSAGES = [
  /^Connection terminated/, // unexpectedly; due to connection timeout
  /^timeout exceeded when trying to connect$/, // pool: no connection within connectionTimeoutMillis
  /^Query read timeout$/, // query_timeout: the server said nothing
  /is not queryable$/, // a client whose connection already failed
  /^Cannot use a pool after calling end on the pool$/, // shutting down
];

/**
 * Whether an error thrown by pg (or the pool) means PostgreSQL is unreachable, overloaded or too slow
 * right now (a request should answer 503 and may be retried), as opposed to a bug or bad data.
 */
export function isPostgresUnavailable(error: unknown): boolean {
  if (error instanceof AggregateError) return error.errors.some(isPostgresUnavailable);
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") {
    if (NETWORK_CODES.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code) && UNAVAILABLE_SQLSTATES.some((pattern) => pattern.test(code)))
      return true;
  }
  if (PG_MESSAGES.some((pattern) => pattern.test(error.message))) return true;
  return error.cause !== undefined && isPostgresUnavailable(error.cause);
}
