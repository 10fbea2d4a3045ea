/** SQLITE_BUSY and SQLITE_LOCKED (primary codes): another connection holds the lock we need. */
const BUSY_CODES = new Set([5, 6]);

/**
 * Whether a node:sqlite error means the database cannot serve this now (its file is locked by another
 * process for longer than we wait, or the database is already closed by a shutdown), as opposed to a
 * bug or bad data.
 */
export function isSqliteUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, errcode } = error as { code?: unknown; errcode?: unknown };
  if (code === "ERR_SQLITE_ERROR" && typeof errcode === "number") return BUSY_CODES.has(errcode & 0xff);
  return code === "ERR_INVALID_STATE" && /database is not open/.test(error.message);
}
