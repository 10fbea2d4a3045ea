import type { DatabaseSync } from "node:sqlite";
import { openPostgresPool } from "./adapters/openPostgresPool";
import { openSqliteDatabase } from "./adapters/openSqliteDatabase";
import { PostgresNonceStore } from "./adapters/PostgresNonceStore";
import { PostgresPriceHistoryStore } from "./adapters/PostgresPriceHistoryStore";
import { PostgresRateLimiter } from "./adapters/PostgresRateLimiter";
import { PostgresRegistrationStore } from "./adapters/PostgresRegistrationStore";
import { PostgresSessionStore } from "./adapters/PostgresSessionStore";
import { SqliteNonceStore } from "./adapters/SqliteNonceStore";
import { SqlitePriceHistoryStore } from "./adapters/SqlitePriceHistoryStore";
import { SqliteRateLimiter } from "./adapters/SqliteRateLimiter";
import { SqliteRegistrationStore } from "./adapters/SqliteRegistrationStore";
import { SqliteSessionStore } from "./adapters/SqliteSessionStore";
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
  close(): Promise<void>;
};

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
    close: async () => {
      if (db.isOpen) db.close();
    },
  };
}
