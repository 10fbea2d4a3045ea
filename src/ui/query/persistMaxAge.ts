/**
 * Section 9 of the spec: the query cache is persisted 24 h. Queries that opt in (meta.persist) keep
 * their data in memory as long (gcTime), so what was written can be restored; the app's persister
 * drops anything older.
 */
export const PERSIST_MAX_AGE_MS = 24 * 60 * 60 * 1000;
