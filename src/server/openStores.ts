import type { DatabaseSync } from "node:sqlite";
import { isPostgresUnavailable } from "./adapters/isPostgresUnavailable";
import { isSqliteUnavailable } from "./adapters/isSqliteUnavailable";
import { openPostgresPool } from "./adapters/openPostgresPool";
import { openSqliteDatabase } from "./adapters/openSqliteDatabase";
import { retryWhileBusy } from "./adapters/retryWhileBusy";
import { PostgresEligibilityPriceStore } from "./adapters/PostgresEligibilityPriceStore";
import { PostgresNonceStore } from "./adapters/PostgresNonceStore";
import { PostgresPriceHistoryStore } from "./adapters/PostgresPriceHistoryStore";
import { PostgresRateLimiter } from "./adapters/PostgresRateLimiter";
import { PostgresRegistrationStore } from "./adapters/PostgresRegistrationStore";
import { PostgresSessionStore } from "./adapters/PostgresSessionStore";
import { POSTGRES_MIGRATIONS } from "./adapters/postgresMigrations";
import { MIGRATIONS } from "./adapters/sqliteMigrations";
import { SqliteEligibilityPriceStore } from "./adapters/SqliteEligibilityPriceStore";
import { SqliteNonceStore } from "./adapters/SqliteNonceStore";
import { SqlitePriceHistoryStore } from "./adapters/SqlitePriceHistoryStore";
import { SqliteRateLimiter } from "./adapters/SqliteRateLimiter";
import { SqliteRegistrationStore } from "./adapters/SqliteRegistrationStore";
import { SqliteSessionStore } from "./adapters/SqliteSessionStore";
import { DEFAULT_DATABASE_TIMEOUTS, type DatabaseTimeouts } from "./config/ServerConfig";
import type { EligibilityPriceStore } from "./ports/EligibilityPriceStore";
import { NotReadyError } from "./ports/HealthCheck";
import type { LaunchApplicationStore } from "./ports/LaunchApplicationStore";
import type { Logger } from "./ports/Logger";
import type { NonceStore } from "./ports/NonceStore";
import type { PriceHistoryStore } from "./ports/PriceHistoryStore";
import type { RateLimiter } from "./ports/RateLimiter";
import type { RegistrationStore } from "./ports/RegistrationStore";
import type { SessionStore } from "./ports/SessionStore";

/** Every piece of state the API keeps, in one database. */
export type Stores = {
  engine: "sqlite" | "postgres";
  nonceStore: NonceStore;
  sessionStore: SessionStore;
  rateLimiter: RateLimiter;
  registrationStore: RegistrationStore;
  applicationStore: LaunchApplicationStore;
  priceHistoryStore: PriceHistoryStore;
  /** Whether an error from one of the stores means the database is down, busy or too slow (503). */
  isUnavailable(error: unknown): boolean;
  eligibilityPriceStore: EligibilityPriceStore;
  /**
   * Resolves when the database answers and its schema is the one this server migrates to (readiness);
   * rejects with NotReadyError when it answers with another version.
   */
  check(): Promise<void>;
  close(): Promise<void>;
};

/**
 * The schema version the database reports against the newest migration this server knows. A newer
 * schema is fine: migrations only add, and a rolling upgrade runs old instances on it for a while.
 */
function requireCurrentSchema(version: unknown, latest: number): void {
  const current = Number(version ?? 0);
  if (current < latest) {
    throw new NotReadyError(`schema at version ${current}, this server needs ${latest}`);
  }
}

const SCHEMA_VERSION_SQL = "SELECT MAX(version) AS version FROM schema_migrations";

export type DatabaseSettings = {
  /** PostgreSQL when set (several instances); otherwise the SQLite file at `path` (one machine). */
  url: string | undefined;
  path: string;
  poolSize?: number;
  timeouts?: DatabaseTimeouts;
};

/** Opens and migrates the configured database and wires every store to it. */
export async function openStores(settings: DatabaseSettings, logger: Logger): Promise<Stores> {
  if (settings.url !== undefined) {
    const pool = await openPostgresPool(settings.url, {
      max: settings.poolSize ?? 10,
      logger,
      timeouts: settings.timeouts,
    });
    const registrations = new PostgresRegistrationStore(pool);
    let closing: Promise<void> | undefined;
    return {
      engine: "postgres",
      nonceStore: new PostgresNonceStore(pool),
      sessionStore: new PostgresSessionStore(pool),
      rateLimiter: new PostgresRateLimiter(pool),
      registrationStore: registrations,
      applicationStore: registrations,
      priceHistoryStore: new PostgresPriceHistoryStore(pool),
      isUnavailable: isPostgresUnavailable,
      eligibilityPriceStore: new PostgresEligibilityPriceStore(pool),
      check: async () => {
        const result = await pool.query<{ version: number | null }>(SCHEMA_VERSION_SQL);
        requireCurrentSchema(result.rows[0]?.version, POSTGRES_MIGRATIONS.at(-1)?.version ?? 0);
      },
      close: () => (closing ??= pool.end()),
    };
  }
  return sqliteStores(openSqliteDatabase(settings.path), settings.timeouts?.sqliteBusyMs);
}

/**
 * Every store on one open SQLite database; close() closes it. Each store call waits up to
 * busyTimeoutMs for another process's write lock, between attempts, never blocking the event loop.
 */
export function sqliteStores(
  db: DatabaseSync,
  busyTimeoutMs: number = DEFAULT_DATABASE_TIMEOUTS.sqliteBusyMs,
): Stores {
  const busy = { timeoutMs: busyTimeoutMs };
  const registrations = retryWhileBusy(new SqliteRegistrationStore(db), busy);
  return {
    engine: "sqlite",
    nonceStore: retryWhileBusy(new SqliteNonceStore(db), busy),
    sessionStore: retryWhileBusy(new SqliteSessionStore(db), busy),
    rateLimiter: retryWhileBusy(new SqliteRateLimiter(db), busy),
    registrationStore: registrations,
    applicationStore: registrations,
    priceHistoryStore: retryWhileBusy(new SqlitePriceHistoryStore(db), busy),
    isUnavailable: isSqliteUnavailable,
    eligibilityPriceStore: retryWhileBusy(new SqliteEligibilityPriceStore(db), busy),
    check: async () => {
      requireCurrentSchema(db.prepare(SCHEMA_VERSION_SQL).get()?.version, MIGRATIONS.at(-1)?.version ?? 0);
    },
    close: async () => {
      if (db.isOpen) db.close();
    },
  };
}
