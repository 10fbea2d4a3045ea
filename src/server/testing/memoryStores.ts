import { openSqliteDatabase } from "../adapters/openSqliteDatabase";
import { sqliteStores, type Stores } from "../openStores";

/** Every store on one in-memory SQLite database: the default engine's code, nothing on disk. */
export function memoryStores(): Stores {
  return sqliteStores(openSqliteDatabase(":memory:"));
}
