import type { Pool, PoolClient, QueryConfig } from "pg";
import type { Logger } from "../ports/Logger";
import { DatabaseStartError } from "./DatabaseStartError";

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
export const MIGRATION_LOCK = 70_142_026;
/** Migrations may be slower than a request's statement (an index on a big table): their own bounds. */
const MIGRATION_STATEMENT_MS = 60_000;
const MIGRATION_LOCK_TIMEOUT_MS = 10_000;

export type MigrateOptions = {
  /** How long to wait for another session's migration lock before refusing to start (60 s). */
  lockWaitMs?: number;
  /** How often to try the lock meanwhile. */
  pollMs?: number;
  logger?: Logger;
};

type Holder = {
  pid: number;
  application_name: string | null;
  client: string | null;
  state: string | null;
  state_change: Date | null;
};

/** Who holds the migration lock, in words an operator can act on. */
async function describeHolder(client: PoolClient): Promise<string> {
  const { rows } = await client.query<Holder>(
    `SELECT a.pid, a.application_name, host(a.client_addr) AS client, a.state, a.state_change
       FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
      WHERE l.locktype = 'advisory' AND l.granted AND l.classid = 0 AND l.objid = $1 AND l.objsubid = 1`,
    [MIGRATION_LOCK],
  );
  const holder = rows[0];
  if (!holder) return "another session (it has just let go: start this instance again)";
  const parts = [
    `PostgreSQL pid ${holder.pid}`,
    holder.application_name ? `application ${holder.application_name}` : undefined,
    holder.client ? `client ${holder.client}` : undefined,
    holder.state ? `${holder.state} since ${holder.state_change?.toISOString() ?? "?"}` : undefined,
  ].filter((part) => part !== undefined);
  return `${parts.join(", ")}; if that instance is stuck, end its session (SELECT pg_terminate_backend(${holder.pid}))`;
}

/** Takes the migration lock, waiting at most lockWaitMs for whoever holds it; DatabaseStartError after. */
async function takeMigrationLock(client: PoolClient, options: MigrateOptions): Promise<void> {
  const lockWaitMs = options.lockWaitMs ?? 60_000;
  const deadline = Date.now() + lockWaitMs;
  let said = false;
  for (;;) {
    const { rows } = await client.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1) AS locked", [
      MIGRATION_LOCK,
    ]);
    if (rows[0]?.locked) return;
    if (Date.now() >= deadline) {
      throw new DatabaseStartError(
        `the database's migration lock is held by ${await describeHolder(client)}; waited ${lockWaitMs} ms (DATABASE_MIGRATION_LOCK_WAIT_MS)`,
      );
    }
    if (!said) {
      options.logger?.info("Waiting for the migration lock: another instance is migrating the database", {
        lockWaitMs,
      });
      said = true;
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(options.pollMs ?? 250, lockWaitMs)));
  }
}

/**
 * Applies pending migrations in order, each in its own transaction, recording them in
 * schema_migrations; refuses a database migrated by a newer server. Instances starting together
 * queue on an advisory lock; one that waits longer than lockWaitMs (an instance stuck while holding
 * it) refuses to start, naming the holder, instead of waiting forever. Returns the schema version.
 */
export async function migratePostgres(
  pool: Pool,
  migrations: readonly PostgresMigration[] = POSTGRES_MIGRATIONS,
  options: MigrateOptions = {},
): Promise<number> {
  const client = await pool.connect();
  // The session's settings below are the migration's own: the connection is closed afterwards.
  let broken: Error | undefined;
  try {
    await client.query(
      `SET statement_timeout = ${MIGRATION_STATEMENT_MS}; SET lock_timeout = ${MIGRATION_LOCK_TIMEOUT_MS}`,
    );
    const run = (text: string, values?: unknown[]) => {
      // node-postgres reads a per-query query_timeout; its types do not list it.
      const query: QueryConfig & { query_timeout: number } = {
        text,
        values,
        query_timeout: MIGRATION_STATEMENT_MS + 1_000,
      };
      return client.query(query);
    };
    await takeMigrationLock(client, options);
    try {
      await run(`
        CREATE TABLE IF NOT EXISTS schema_migrations (
          version    integer     NOT NULL PRIMARY KEY,
          name       text        NOT NULL,
          applied_at timestamptz NOT NULL DEFAULT now()
        )`);
      const result = await run("SELECT MAX(version) AS version FROM schema_migrations");
      const current = (result.rows[0] as { version: number | null } | undefined)?.version ?? 0;
      const latest = migrations.at(-1)?.version ?? 0;
      if (current > latest) {
        throw new Error(
          `Database schema is at version ${current}, newer than this server knows (${latest}).`,
        );
      }
      for (const migration of migrations) {
        if (migration.version <= current) continue;
        await run("BEGIN");
        try {
          await run(migration.sql);
          await run("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", [
            migration.version,
            migration.name,
          ]);
          await run("COMMIT");
        } catch (error) {
          await run("ROLLBACK");
          throw new Error(`Migration ${migration.version} (${migration.name}) failed.`, { cause: error });
        }
      }
      return Math.max(current, latest);
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    }
  } catch (error) {
    broken = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    // Never back into the pool: its statement and lock timeouts are the migration's, not a request's.
    client.release(broken ?? true);
  }
}
