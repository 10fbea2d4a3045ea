import type { DatabaseSync } from "node:sqlite";
import { openPostgresPool } from "./adapters/openPostgresPool";
import { openSqliteDatabase } from "./adapters/openSqliteDatabase";
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
};

/** Opens and migrates the configured database and wires every store to it. */
export async function openStores(settings: DatabaseSettings, logger: Logger): Promise<Stores> {
  if (settings.url !== undefined) {
    const pool = await openPostgresPool(settings.url, { max: settings.poolSize ?? 10, logger });
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
      eligibilityPriceStore: new PostgresEligibilityPriceStore(pool),
      check: async () => {
        const result = await pool.query<{ version: number | null }>(SCHEMA_VERSION_SQL);
        requireCurrentSchema(result.rows[0]?.version, POSTGRES_MIGRATIONS.at(-1)?.version ?? 0);
      },
      close: () => (closing ??= pool.end()),
    };
  }
  return sqliteStores(openSqliteDatabase(settings.path));
}

/** Every store on one open SQLite database; close() closes it. */
export function sqliteStores(db: DatabaseSync): Stores {
  const registrations = new SqliteRegistrationStore(db);
  return {
    engine: "sqlite",
    nonceStore: new SqliteNonceStore(db),
    sessionStore: new SqliteSessionStore(db),
    rateLimiter: new SqliteRateLimiter(db),
    registrationStore: registrations,
    applicationStore: registrations,
    priceHistoryStore: new SqlitePriceHistoryStore(db),
    eligibilityPriceStore: new SqliteEligibilityPriceStore(db),
    check: async () => {
      requireCurrentSchema(db.prepare(SCHEMA_VERSION_SQL).get()?.version, MIGRATIONS.at(-1)?.version ?? 0);
    },
    close: async () => {
      if (db.isOpen) db.close();
    },
  };
}
