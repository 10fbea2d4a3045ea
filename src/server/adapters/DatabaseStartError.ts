/**
 * The database cannot be used at start-up for a reason an operator must act on (a migration lock
 * held for too long): its message is the whole fatal line, naming what to do.
 */
export class DatabaseStartError extends Error {
  override readonly name = "DatabaseStartError";
}
