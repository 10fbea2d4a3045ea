import { randomBytes } from "node:crypto";
import { Client } from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { checkedBlocks } from "../../scripts/lib/docs/checkedBlocks";
import { parseServerConfig } from "./config/parseServerConfig";
import { startApiServer, type RunningApiServer } from "./startApiServer";
import { FakeBalanceReader } from "./testing/FakeBalanceReader";
import { memoryLogger } from "./testing/memoryLogger";

// docs/operations.md's PostgreSQL role and database, run as written on the tests' PostgreSQL (as its
// superuser, as the docs say), then an instance started as that role.
const adminUrl = () => inject("postgresAdminUrl");

/** The URL of `database` on the test server, as `user` with `password`. */
function urlAs(user: string, password: string, database: string): string {
  const url = new URL(adminUrl());
  url.username = user;
  url.password = password;
  url.pathname = `/${database}`;
  return url.toString();
}

/** Runs `run` connected as the superuser, to `database` ("postgres" unless said). */
async function asAdmin<T>(run: (client: Client) => Promise<T>, database = "postgres"): Promise<T> {
  const admin = new URL(adminUrl());
  const client = new Client({ connectionString: urlAs(admin.username, admin.password, database) });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const running: RunningApiServer[] = [];
afterAll(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
  await asAdmin(async (admin) => {
    await admin.query("DROP DATABASE IF EXISTS poo_finance");
    await admin.query("DROP ROLE IF EXISTS poo_finance");
    await admin.query("DROP ROLE IF EXISTS poo_intruder");
  });
});

describe("docs/operations.md: the PostgreSQL role and database", () => {
  it("the documented statements make a role that is no superuser, and an instance runs as it", async () => {
    const block = checkedBlocks().get("postgres");
    expect(block, "docs/operations.md has a ```sql checked:postgres block").toBeDefined();
    // One statement at a time, as psql sends them (CREATE DATABASE cannot share a transaction).
    const statements = (block?.text ?? "")
      .split(";")
      .map((statement) => statement.trim())
      .filter(Boolean);
    const password = randomBytes(12).toString("hex");
    await asAdmin(async (admin) => {
      for (const statement of statements) await admin.query(statement);
      // What `\password poo_finance` does, without psql's prompt.
      await admin.query(`ALTER ROLE poo_finance PASSWORD '${password}'`);
      await admin.query(`CREATE ROLE poo_intruder LOGIN PASSWORD '${password}'`);
    });

    const role = await asAdmin(
      async (admin) =>
        (
          await admin.query(
            "SELECT rolsuper, rolcreatedb, rolcreaterole, rolreplication, rolbypassrls FROM pg_roles WHERE rolname = 'poo_finance'",
          )
        ).rows[0],
    );
    expect(role).toEqual({
      rolsuper: false,
      rolcreatedb: false,
      rolcreaterole: false,
      rolreplication: false,
      rolbypassrls: false,
    });

    // An instance as that role: it migrates at start-up and serves (a nonce is written to the database).
    const { config } = parseServerConfig({
      NODE_ENV: "test",
      API_PORT: "0",
      SESSION_SECRET: "postgres-role-secret-postgres-role-secret",
      DATABASE_URL: urlAs("poo_finance", password, "poo_finance"),
    });
    const server = await startApiServer(config, {
      balanceReader: new FakeBalanceReader(),
      logger: memoryLogger(),
    });
    running.push(server);
    expect((await fetch(`${server.url}/api/auth/nonce`)).status).toBe(200);
    const owners = await asAdmin(
      async (admin) =>
        (await admin.query("SELECT DISTINCT tableowner FROM pg_tables WHERE schemaname = 'public'")).rows,
      "poo_finance",
    );
    expect(owners).toEqual([{ tableowner: "poo_finance" }]);

    // No other role may connect to it.
    const intruder = new Client({ connectionString: urlAs("poo_intruder", password, "poo_finance") });
    await expect(intruder.connect()).rejects.toThrow('permission denied for database "poo_finance"');
    await intruder.end().catch(() => undefined);
  });
});
