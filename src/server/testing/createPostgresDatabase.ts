import { randomBytes } from "node:crypto";
import { Client } from "pg";
import { inject } from "vitest";

/** A new, empty database on the run's test PostgreSQL server (see postgresGlobalSetup); its URL. */
export async function createPostgresDatabase(prefix: string): Promise<string> {
  const adminUrl = inject("postgresAdminUrl");
  const name = `${prefix}_${randomBytes(6).toString("hex")}`.toLowerCase();
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
