import { DatabaseSync } from "node:sqlite";
import { Client } from "pg";

export type DatabaseCount = { rows: number; duplicates: number; missing: number };

const DUPLICATES = `SELECT COUNT(*) AS n FROM (
  SELECT lower(address) FROM launch_registrations WHERE launch_id = $1
  GROUP BY chain_id, lower(address) HAVING COUNT(*) > 1) AS d`;

/** Registrations of a launch as the database has them: rows, duplicate wallets, expected wallets missing. */
export async function countRegistrations(
  database: { url: string } | { path: string },
  launchId: string,
  expected: ReadonlySet<string>,
): Promise<DatabaseCount> {
  let addresses: string[];
  let duplicates: number;
  if ("url" in database) {
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      const rows = await client.query<{ address: string }>(
        "SELECT address FROM launch_registrations WHERE launch_id = $1",
        [launchId],
      );
      addresses = rows.rows.map((row) => row.address);
      duplicates = Number((await client.query<{ n: string }>(DUPLICATES, [launchId])).rows[0]?.n ?? 0);
    } finally {
      await client.end();
    }
  } else {
    const db = new DatabaseSync(database.path, { readOnly: true });
    try {
      addresses = db
        .prepare("SELECT address FROM launch_registrations WHERE launch_id = ?")
        .all(launchId)
        .map((row) => String(row.address));
      duplicates = Number(db.prepare(DUPLICATES.replace("$1", "?")).get(launchId)?.n ?? 0);
    } finally {
      db.close();
    }
  }
  const present = new Set(addresses.map((address) => address.toLowerCase()));
  const missing = [...expected].filter((address) => !present.has(address.toLowerCase())).length;
  return { rows: addresses.length, duplicates, missing };
}
