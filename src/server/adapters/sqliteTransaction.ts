import type { DatabaseSync } from "node:sqlite";

/**
 * Runs `work` between BEGIN IMMEDIATE and COMMIT, rolling back if it throws. IMMEDIATE takes the
 * write lock first, so another process cannot slip in between the transaction's reads and writes;
 * `work` is synchronous, so no other request's statement can either.
 */
export function inImmediateTransaction<T>(db: DatabaseSync, work: () => T): T {
  db.exec("BEGIN IMMEDIATE");
  try {
    const result = work();
    db.exec("COMMIT");
    return result;
  } catch (error) {
    if (db.isTransaction) db.exec("ROLLBACK");
    throw error;
  }
}
