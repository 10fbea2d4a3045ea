import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { migrate } from "./sqliteMigrations";

const MIGRATION_BUSY_TIMEOUT_MS = 5_000;

/**
 * Opens the SQLite file (creating its folder if needed) with the pragmas every store relies on and
 * applies pending migrations. ":memory:" gives a throwaway database for one connection.
 */
export function openSqliteDatabase(path: string): DatabaseSync {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const db = new DatabaseSync(path);
  try {
    if (path !== ":memory:") db.exec("PRAGMA journal_mode = WAL");
    // FULL: a committed registration survives power loss, not only a process restart. While it
    // migrates (before the server listens) it may wait for another process's write lock; serving, it
    // never waits inside SQLite: that would block the event loop (retryWhileBusy waits between tries).
    db.exec(
      `PRAGMA synchronous = FULL; PRAGMA busy_timeout = ${MIGRATION_BUSY_TIMEOUT_MS}; PRAGMA foreign_keys = ON`,
    );
    migrate(db);
    db.exec("PRAGMA busy_timeout = 0");
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}
