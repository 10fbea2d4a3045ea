import { Pool } from "pg";
import { DATABASE_SILENCE_MARGIN_MS } from "../config/answerBudget";
import { DEFAULT_DATABASE_TIMEOUTS, type DatabaseTimeouts } from "../config/ServerConfig";
import type { Logger } from "../ports/Logger";
import { migratePostgres } from "./postgresMigrations";

/** How long an idle connection waits before TCP keepalive probes check that the server is still there. */
const KEEPALIVE_IDLE_MS = 10_000;

/**
 * A connection pool to DATABASE_URL, migrated before first use, every wait bounded: connecting (or
 * waiting for a free connection), each statement (statement_timeout on the server, and DATABASE_SILENCE_MARGIN_MS later
 * on the client too, for a server that says nothing at all), lock waits (lock_timeout), a transaction
 * left idle; TCP keepalive finds connections a failover left half-open. Errors of idle connections
 * (a database restart) are logged instead of crashing the process; the pool reconnects on demand.
 */
export async function openPostgresPool(
  url: string,
  options: { max: number; logger: Logger; timeouts?: DatabaseTimeouts },
): Promise<Pool> {
  const timeouts = options.timeouts ?? DEFAULT_DATABASE_TIMEOUTS;
  const pool = new Pool({
    connectionString: url,
    max: options.max,
    application_name: "poo-api",
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    query_timeout: timeouts.statementMs + DATABASE_SILENCE_MARGIN_MS,
    lock_timeout: timeouts.lockMs,
    idle_in_transaction_session_timeout: timeouts.statementMs * 2,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_IDLE_MS,
  });
  pool.on("error", (error) =>
    options.logger.warn("PostgreSQL idle connection failed", { reason: error.message }),
  );
  try {
    await migratePostgres(pool, undefined, {
      lockWaitMs: timeouts.migrationLockWaitMs,
      logger: options.logger,
    });
  } catch (error) {
    await pool.end();
    throw error;
  }
  return pool;
}
