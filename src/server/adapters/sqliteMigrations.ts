import type { DatabaseSync } from "node:sqlite";

export type Migration = { version: number; name: string; sql: string };

/** Append-only: never edit a released migration, add the next version instead. */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: "launch registrations and applications",
    sql: `
      CREATE TABLE launch_registrations (
        launch_id  TEXT    NOT NULL,
        chain_id   INTEGER NOT NULL,
        address    TEXT    NOT NULL,
        amount_wei TEXT    NOT NULL,
        created_at TEXT    NOT NULL,
        updated_at TEXT    NOT NULL,
        PRIMARY KEY (launch_id, chain_id, address)
      ) STRICT;

      CREATE TABLE launch_applications (
        id           TEXT    NOT NULL PRIMARY KEY,
        project_name TEXT    NOT NULL,
        token_symbol TEXT    NOT NULL,
        website      TEXT    NOT NULL,
        contact      TEXT    NOT NULL,
        description  TEXT    NOT NULL,
        submitted_by TEXT    NOT NULL,
        chain_id     INTEGER NOT NULL,
        created_at   TEXT    NOT NULL
      ) STRICT;

      CREATE INDEX launch_applications_by_submitter ON launch_applications (submitted_by, created_at);
    `,
  },
  {
    version: 2,
    name: "shared nonces, sessions and rate limits; eligibility checks on registrations",
    sql: `
      CREATE TABLE auth_nonces (
        nonce         TEXT    NOT NULL PRIMARY KEY,
        expires_at_ms INTEGER NOT NULL,
        used_at_ms    INTEGER
      ) STRICT;
      CREATE INDEX auth_nonces_by_expiry ON auth_nonces (expires_at_ms);

      CREATE TABLE auth_sessions (
        id            TEXT    NOT NULL PRIMARY KEY,
        address       TEXT    NOT NULL,
        chain_id      INTEGER NOT NULL,
        created_at_ms INTEGER NOT NULL,
        expires_at_ms INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX auth_sessions_by_expiry ON auth_sessions (expires_at_ms);

      CREATE TABLE rate_limit_windows (
        key             TEXT    NOT NULL PRIMARY KEY,
        window_start_ms INTEGER NOT NULL,
        expires_at_ms   INTEGER NOT NULL,
        hits            INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX rate_limit_windows_by_expiry ON rate_limit_windows (expires_at_ms);

      -- Rows from before version 2 passed the check when written but kept no figures: eligible, no check.
      ALTER TABLE launch_registrations ADD COLUMN standing TEXT NOT NULL DEFAULT 'eligible'
        CHECK (standing IN ('eligible', 'below-threshold'));
      ALTER TABLE launch_registrations ADD COLUMN poo_balance_wei TEXT;
      ALTER TABLE launch_registrations ADD COLUMN checked_block TEXT;
      ALTER TABLE launch_registrations ADD COLUMN checked_price_usd REAL;
      ALTER TABLE launch_registrations ADD COLUMN checked_at TEXT;
    `,
  },
  {
    version: 3,
    name: "POO price history",
    sql: `
      CREATE TABLE price_points (
        source TEXT    NOT NULL,
        at_ms  INTEGER NOT NULL,
        usd    REAL    NOT NULL CHECK (usd > 0),
        sample INTEGER NOT NULL CHECK (sample IN (0, 1)),
        PRIMARY KEY (source, at_ms)
      ) STRICT;
      CREATE INDEX price_points_by_time ON price_points (at_ms);
    `,
  },
  {
    version: 4,
    name: "sign-in nonces bound to the browser they were issued to",
    sql: `
      -- SHA-256 of the random token in the poo_nonce cookie set with the nonce. Rows from before
      -- version 4 have none and are refused (they expire within 5 minutes anyway).
      ALTER TABLE auth_nonces ADD COLUMN binding_hash TEXT;
    `,
  },
  {
    version: 5,
    name: "sessions: idle end, and every session of a wallet at once",
    sql: `
      -- The idle end moves on with each use. Sessions open at the upgrade keep 30 minutes from it.
      ALTER TABLE auth_sessions ADD COLUMN idle_expires_at_ms INTEGER NOT NULL DEFAULT 0;
      UPDATE auth_sessions SET idle_expires_at_ms =
        MIN(expires_at_ms, CAST(unixepoch('subsec') * 1000 AS INTEGER) + 1800000);
      CREATE INDEX auth_sessions_by_idle_expiry ON auth_sessions (idle_expires_at_ms);
      -- "Sign out everywhere" ends a wallet's sessions by address.
      CREATE INDEX auth_sessions_by_address ON auth_sessions (address);
    `,
  },
  {
    version: 6,
    name: "one eligibility price per launch and window; re-check verdicts kept",
    sql: `
      CREATE TABLE eligibility_prices (
        launch_id       TEXT    NOT NULL,
        window_start_ms INTEGER NOT NULL,
        usd             REAL    NOT NULL CHECK (usd > 0),
        quoted_at_ms    INTEGER NOT NULL,
        source          TEXT    NOT NULL,
        fixed_at_ms     INTEGER NOT NULL,
        PRIMARY KEY (launch_id, window_start_ms)
      ) STRICT;
      -- The time of the price behind the last check (rows from before version 6 have none).
      ALTER TABLE launch_registrations ADD COLUMN checked_price_at TEXT;
      -- Set by a launch re-check: from then on the standing and last check are the re-check's.
      ALTER TABLE launch_registrations ADD COLUMN rechecked_at TEXT;
      -- The price the latest registration or change was decided on, and its window.
      ALTER TABLE launch_registrations ADD COLUMN decision_price_usd REAL;
      ALTER TABLE launch_registrations ADD COLUMN decision_price_at TEXT;
      ALTER TABLE launch_registrations ADD COLUMN decision_price_window TEXT;
    `,
  },
];

/** Applies pending migrations in order, each in its own transaction, recording them in schema_migrations. */
export function migrate(
  db: DatabaseSync,
  migrations: readonly Migration[] = MIGRATIONS,
  now: () => Date = () => new Date(),
): number {
  db.exec(`
    CREATE TABLE IF NOT EXISTS schema_migrations (
      version    INTEGER NOT NULL PRIMARY KEY,
      name       TEXT    NOT NULL,
      applied_at TEXT    NOT NULL
    ) STRICT
  `);
  const row = db.prepare("SELECT MAX(version) AS version FROM schema_migrations").get();
  const current = typeof row?.version === "number" ? row.version : 0;
  const latest = migrations.at(-1)?.version ?? 0;
  if (current > latest) {
    throw new Error(`Database schema is at version ${current}, newer than this server knows (${latest}).`);
  }
  const record = db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)");
  for (const migration of migrations) {
    if (migration.version <= current) continue;
    db.exec("BEGIN IMMEDIATE");
    try {
      db.exec(migration.sql);
      record.run(migration.version, migration.name, now().toISOString());
      db.exec("COMMIT");
    } catch (error) {
      db.exec("ROLLBACK");
      throw new Error(`Migration ${migration.version} (${migration.name}) failed.`, { cause: error });
    }
  }
  return Math.max(current, latest);
}
