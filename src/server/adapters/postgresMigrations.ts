import type { Pool } from "pg";

export type PostgresMigration = { version: number; name: string; sql: string };

/** Append-only: never edit a released migration, add the next version instead. */
export const POSTGRES_MIGRATIONS: readonly PostgresMigration[] = [
  {
    version: 1,
    name: "registrations, applications, nonces, sessions, rate limits",
    sql: `
      CREATE TABLE launch_registrations (
        launch_id         text             NOT NULL,
        chain_id          bigint           NOT NULL,
        address           text             NOT NULL,
        amount_wei        numeric(78, 0)   NOT NULL,
        created_at        timestamptz      NOT NULL,
        updated_at        timestamptz      NOT NULL,
        standing          text             NOT NULL DEFAULT 'eligible'
                          CHECK (standing IN ('eligible', 'below-threshold')),
        poo_balance_wei   numeric(78, 0),
        checked_block     numeric(78, 0),
        checked_price_usd double precision,
        checked_at        timestamptz,
        PRIMARY KEY (launch_id, chain_id, address)
      );

      CREATE TABLE launch_applications (
        id           text        NOT NULL PRIMARY KEY,
        project_name text        NOT NULL,
        token_symbol text        NOT NULL,
        website      text        NOT NULL,
        contact      text        NOT NULL,
        description  text        NOT NULL,
        submitted_by text        NOT NULL,
        chain_id     bigint      NOT NULL,
        created_at   timestamptz NOT NULL
      );
      CREATE INDEX launch_applications_by_submitter ON launch_applications (submitted_by, created_at);

      CREATE TABLE auth_nonces (
        nonce         text   NOT NULL PRIMARY KEY,
        expires_at_ms bigint NOT NULL,
        used_at_ms    bigint
      );
      CREATE INDEX auth_nonces_by_expiry ON auth_nonces (expires_at_ms);

      CREATE TABLE auth_sessions (
        id            text   NOT NULL PRIMARY KEY,
        address       text   NOT NULL,
        chain_id      bigint NOT NULL,
        created_at_ms bigint NOT NULL,
        expires_at_ms bigint NOT NULL
      );
      CREATE INDEX auth_sessions_by_expiry ON auth_sessions (expires_at_ms);

      CREATE TABLE rate_limit_windows (
        key             text    NOT NULL PRIMARY KEY,
        window_start_ms bigint  NOT NULL,
        expires_at_ms   bigint  NOT NULL,
        hits            integer NOT NULL
      );
      CREATE INDEX rate_limit_windows_by_expiry ON rate_limit_windows (expires_at_ms);
    `,
  },
  {
    version: 2,
    name: "POO price history",
    sql: `
      CREATE TABLE price_points (
        source text             NOT NULL,
        at     timestamptz      NOT NULL,
        usd    double precision NOT NULL CHECK (usd > 0),
        sample boolean          NOT NULL,
        PRIMARY KEY (source, at)
      );
      CREATE INDEX price_points_by_time ON price_points (at);
    `,
  },
  {
    version: 3,
    name: "sign-in nonces bound to the browser they were issued to",
    sql: `
      -- SHA-256 of the random token in the poo_nonce cookie set with the nonce. Rows from before
      -- version 3 have none and are refused (they expire within 5 minutes anyway).
      ALTER TABLE auth_nonces ADD COLUMN binding_hash text;
    `,
  },
  {
    version: 4,
    name: "sessions: idle end, and every session of a wallet at once",
    sql: `
      -- The idle end moves on with each use. Sessions open at the upgrade keep 30 minutes from it.
      ALTER TABLE auth_sessions ADD COLUMN idle_expires_at_ms bigint NOT NULL DEFAULT 0;
      UPDATE auth_sessions SET idle_expires_at_ms =
        LEAST(expires_at_ms, (extract(epoch FROM now()) * 1000)::bigint + 1800000);
      CREATE INDEX auth_sessions_by_idle_expiry ON auth_sessions (idle_expires_at_ms);
      -- "Sign out everywhere" ends a wallet's sessions by address.
      CREATE INDEX auth_sessions_by_address ON auth_sessions (address);
    `,
  },
  {
    version: 5,
    name: "one eligibility price per launch and window; re-check verdicts kept",
    sql: `
      CREATE TABLE eligibility_prices (
        launch_id    text             NOT NULL,
        window_start timestamptz      NOT NULL,
        usd          double precision NOT NULL CHECK (usd > 0),
        quoted_at    timestamptz      NOT NULL,
        source       text             NOT NULL,
        fixed_at     timestamptz      NOT NULL,
        PRIMARY KEY (launch_id, window_start)
      );
      -- The time of the price behind the last check (rows from before version 5 have none).
      ALTER TABLE launch_registrations ADD COLUMN checked_price_at timestamptz;
      -- Set by a launch re-check: from then on the standing and last check are the re-check's.
      ALTER TABLE launch_registrations ADD COLUMN rechecked_at timestamptz;
      -- The price the latest registration or change was decided on, and its window.
      ALTER TABLE launch_registrations ADD COLUMN decision_price_usd double precision;
      ALTER TABLE launch_registrations ADD COLUMN decision_price_at timestamptz;
      ALTER TABLE launch_registrations ADD COLUMN decision_price_window timestamptz;
    `,
  },
];

/** Any fixed number: instances starting together queue on this lock instead of migrating twice. */
const MIGRATION_LOCK = 70_142_026;

/**
 * Applies pending migrations in order, each in its own transaction, recording them in
 * schema_migrations; refuses a database migrated by a newer server. Returns the schema version.
 */
export async function migratePostgres(
  pool: Pool,
  migrations: readonly PostgresMigration[] = POSTGRES_MIGRATIONS,
): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    try {
      await client.query(`
        CREATE TABLE IF NOT EXISTS schema_migrations (
          version    integer     NOT NULL PRIMARY KEY,
          name       text        NOT NULL,
          applied_at timestamptz NOT NULL DEFAULT now()
        )`);
      const result = await client.query<{ version: number | null }>(
        "SELECT MAX(version) AS version FROM schema_migrations",
      );
      const current = result.rows[0]?.version ?? 0;
      const latest = migrations.at(-1)?.version ?? 0;
      if (current > latest) {
        throw new Error(
          `Database schema is at version ${current}, newer than this server knows (${latest}).`,
        );
      }
      for (const migration of migrations) {
        if (migration.version <= current) continue;
        await client.query("BEGIN");
        try {
          await client.query(migration.sql);
          await client.query("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", [
            migration.version,
            migration.name,
          ]);
          await client.query("COMMIT");
        } catch (error) {
          await client.query("ROLLBACK");
          throw new Error(`Migration ${migration.version} (${migration.name}) failed.`, { cause: error });
        }
      }
      return Math.max(current, latest);
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}
