import { openSqliteDatabase } from "../adapters/openSqliteDatabase";
import { SqliteNonceStore } from "../adapters/SqliteNonceStore";
import { SqlitePriceHistoryStore } from "../adapters/SqlitePriceHistoryStore";
import { SqliteRateLimiter } from "../adapters/SqliteRateLimiter";
import { SqliteRegistrationStore } from "../adapters/SqliteRegistrationStore";
import { SqliteSessionStore } from "../adapters/SqliteSessionStore";
import type { Stores } from "../openStores";

/** Every store on one in-memory SQLite database: the default engine's code, nothing on disk. */
export function memoryStores(): Stores {
  const db = openSqliteDatabase(":memory:");
  const registrations = new SqliteRegistrationStore(db);
  return {
    engine: "sqlite",
    nonceStore: new SqliteNonceStore(db),
    sessionStore: new SqliteSessionStore(db),
    rateLimiter: new SqliteRateLimiter(db),
    registrationStore: registrations,
    applicationStore: registrations,
    priceHistoryStore: new SqlitePriceHistoryStore(db),
    close: async () => db.close(),
  };
}
