import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { migrate } from "./sqliteMigrations";

/**
 * Opens the SQLite file (creating its folder if needed) with the pragmas every store relies on and
 * applies pending migrations. ":memory:" gives a throwaway database for one connection.
 */
export function openSqliteDatabase(path: string): DatabaseSync {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const db = new DatabaseSync(path);
  try {
    if (path !== ":memory:") db.exec("PRAGMA journal_mode = WAL");
    // FULL: a committed registration survives power loss, not only a process restart. busy_timeout
    // lets a second process on the same file wait for the write lock instead of failing.
    db.exec("PRAGMA synchronous = FULL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON");
    migrate(db);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}
