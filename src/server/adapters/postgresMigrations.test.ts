import { Pool } from "pg";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createPostgresDatabase } from "../testing/createPostgresDatabase";
import { memoryLogger } from "../testing/memoryLogger";
import { openPostgresPool } from "./openPostgresPool";
import { migratePostgres, POSTGRES_MIGRATIONS } from "./postgresMigrations";

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
});
