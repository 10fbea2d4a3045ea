import { Pool } from "pg";
import type { Logger } from "../ports/Logger";
import { migratePostgres } from "./postgresMigrations";

/**
 * A connection pool to DATABASE_URL, migrated before first use. Errors of idle connections (a
 * database restart) are logged instead of crashing the process; the pool reconnects on demand.
 */
export async function openPostgresPool(url: string, options: { max: number; logger: Logger }): Promise<Pool> {
  const pool = new Pool({ connectionString: url, max: options.max, connectionTimeoutMillis: 10_000 });
  pool.on("error", (error) =>
    options.logger.warn("PostgreSQL idle connection failed", { reason: error.message }),
  );
  try {
    await migratePostgres(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return pool;
}
