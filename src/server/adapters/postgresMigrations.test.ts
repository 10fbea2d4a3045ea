import { Client, Pool } from "pg";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createPostgresDatabase } from "../testing/createPostgresDatabase";
import { DEFAULT_DATABASE_TIMEOUTS } from "../config/ServerConfig";
import { memoryLogger } from "../testing/memoryLogger";
import { DatabaseStartError } from "./DatabaseStartError";
import { isPostgresUnavailable } from "./isPostgresUnavailable";
import { openPostgresPool } from "./openPostgresPool";
import { MIGRATION_LOCK, migratePostgres, POSTGRES_MIGRATIONS } from "./postgresMigrations";

describe("PostgreSQL migrations", () => {
  let url: string;
  const pools: Pool[] = [];
  beforeEach(async () => {
    url = await createPostgresDatabase("poo_migrations");
  });
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((pool) => pool.end()));
  });

  it("are applied once even when several instances start together", async () => {
    const opened = await Promise.all(
      [1, 2, 3].map(() => openPostgresPool(url, { max: 2, logger: memoryLogger() })),
    );
    pools.push(...opened);
    const [pool] = opened;
    const { rows } = await pool!.query("SELECT version FROM schema_migrations ORDER BY version");
    expect(rows).toEqual(POSTGRES_MIGRATIONS.map(({ version }) => ({ version })));
  });

  it("refuse a database migrated by a newer server, and a failing migration changes nothing", async () => {
    const pool = new Pool({ connectionString: url });
    pools.push(pool);
    await migratePostgres(pool);
    await expect(
      migratePostgres(pool, [
        ...POSTGRES_MIGRATIONS,
        { version: POSTGRES_MIGRATIONS.length + 1, name: "broken", sql: "CREATE TABLE x (); SELEC 1" },
      ]),
    ).rejects.toThrow(`Migration ${POSTGRES_MIGRATIONS.length + 1} (broken) failed.`);
    const tables = await pool.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'x'");
    expect(tables.rowCount).toBe(0);

    await pool.query("INSERT INTO schema_migrations (version, name) VALUES (99, 'future')");
    await expect(openPostgresPool(url, { max: 1, logger: memoryLogger() })).rejects.toThrow(
      `Database schema is at version 99, newer than this server knows (${POSTGRES_MIGRATIONS.at(-1)?.version}).`,
    );
  });

  it("wait for a migration lock held by a stuck session for DATABASE_MIGRATION_LOCK_WAIT_MS at most, then refuse to start naming it", async () => {
    const stuck = new Client({ connectionString: url, application_name: "stuck-instance" });
    await stuck.connect();
    try {
      await stuck.query("BEGIN");
      await stuck.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
      const logger = memoryLogger();
      const started = performance.now();
      const opening = openPostgresPool(url, {
        max: 1,
        logger,
        timeouts: { ...DEFAULT_DATABASE_TIMEOUTS, migrationLockWaitMs: 1_000 },
      });
      await expect(opening).rejects.toThrow(DatabaseStartError);
      await expect(opening).rejects.toThrow(
        /^the database's migration lock is held by PostgreSQL pid \d+, application stuck-instance, client 127\.0\.0\.1, idle in transaction since \d{4}-.*Z; if that instance is stuck, end its session \(SELECT pg_terminate_backend\(\d+\)\); waited 1000 ms \(DATABASE_MIGRATION_LOCK_WAIT_MS\)$/,
      );
      // Bounded: the wait and a few round trips, not forever.
      expect(performance.now() - started).toBeLessThan(10_000);
      expect(logger.lines.map((line) => line.message)).toContain(
        "Waiting for the migration lock: another instance is migrating the database",
      );
    } finally {
      await stuck.end();
    }
    // Once the holder is gone, an instance starts and migrates.
    const pool = await openPostgresPool(url, { max: 1, logger: memoryLogger() });
    pools.push(pool);
    expect((await pool.query("SELECT MAX(version) AS v FROM schema_migrations")).rows[0].v).toBe(
      POSTGRES_MIGRATIONS.at(-1)?.version,
    );
  });

  it("open connections with statement and lock timeouts, a name; a slow statement fails fast as unavailable", async () => {
    const pool = await openPostgresPool(url, {
      max: 1,
      logger: memoryLogger(),
      timeouts: { ...DEFAULT_DATABASE_TIMEOUTS, statementMs: 300, lockMs: 200 },
    });
    pools.push(pool);
    const { rows } = await pool.query(
      "SELECT current_setting('statement_timeout') AS statement, current_setting('lock_timeout') AS lock, current_setting('application_name') AS app",
    );
    expect(rows[0]).toEqual({ statement: "300ms", lock: "200ms", app: "poo-api" });
    const slow = pool.query("SELECT pg_sleep(5)");
    await expect(slow).rejects.toMatchObject({ code: "57014" });
    expect(isPostgresUnavailable(await slow.catch((error: unknown) => error))).toBe(true);
    // The migration's own longer timeouts stayed with its connection, which was closed.
    expect((await pool.query("SHOW statement_timeout")).rows[0].statement_timeout).toBe("300ms");
  });
});
