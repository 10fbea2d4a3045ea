import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { alice } from "../testing/hardhatAccounts";
import { openSqliteDatabase } from "./openSqliteDatabase";
import { SqliteNonceStore } from "./SqliteNonceStore";
import { migrate, MIGRATIONS } from "./sqliteMigrations";
import { SqliteRegistrationStore } from "./SqliteRegistrationStore";
import { SqliteSessionStore } from "./SqliteSessionStore";

describe("openSqliteDatabase", () => {
  let dir: string;
  let path: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "poo-sqlite-"));
    path = join(dir, "nested", "poo.sqlite");
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("creates the folder, uses WAL and records each migration", () => {
    openSqliteDatabase(path).close();
    const inspect = new DatabaseSync(path);
    expect(inspect.prepare("PRAGMA journal_mode").get()).toEqual({ journal_mode: "wal" });
    expect(inspect.prepare("SELECT version FROM schema_migrations ORDER BY version").all()).toEqual(
      MIGRATIONS.map(({ version }) => ({ version })),
    );
    inspect.close();
  });

  it("keeps a version-1 registration as eligible with no recorded check", async () => {
    const v1 = new DatabaseSync(path.replace("nested/", ""));
    migrate(v1, MIGRATIONS.slice(0, 1));
    v1.prepare(
      "INSERT INTO launch_registrations VALUES ('crap', 31337, ?, '1000', '2025-06-01T00:00:00.000Z', '2025-06-01T00:00:00.000Z')",
    ).run(alice.address);
    v1.close();
    const db = openSqliteDatabase(path.replace("nested/", ""));
    const found = await new SqliteRegistrationStore(db).find({
      launchId: "crap",
      chainId: 31337,
      address: alice.address,
    });
    expect(found).toMatchObject({ amountWei: 1000n, standing: "eligible", lastCheck: undefined });
    db.close();
  });

  it("refuses a nonce issued before version 4, which bound it to no browser", async () => {
    const v3 = new DatabaseSync(path.replace("nested/", ""));
    migrate(v3, MIGRATIONS.slice(0, 3));
    v3.prepare("INSERT INTO auth_nonces (nonce, expires_at_ms) VALUES ('old00001', 2000)").run();
    v3.close();
    const db = openSqliteDatabase(path.replace("nested/", ""));
    const nonces = new SqliteNonceStore(db);
    expect(await nonces.consume("old00001", 1000, "")).toBe("foreign");
    expect(await nonces.consume("old00001", 1000, "b".repeat(64))).toBe("foreign");
    db.close();
  });

  it("gives a session open at the upgrade to version 5 thirty minutes of idle time, within its end", async () => {
    const v4 = new DatabaseSync(path.replace("nested/", ""));
    migrate(v4, MIGRATIONS.slice(0, 4));
    const now = Date.now();
    const insert = v4.prepare(
      "INSERT INTO auth_sessions (id, address, chain_id, created_at_ms, expires_at_ms) VALUES (?, ?, 31337, ?, ?)",
    );
    insert.run("a".repeat(64), alice.address, now, now + 86_400_000);
    insert.run("b".repeat(64), alice.address, now, now + 60_000);
    v4.close();
    const db = openSqliteDatabase(path.replace("nested/", ""));
    const sessions = new SqliteSessionStore(db);
    const long = await sessions.find("a".repeat(64), now);
    expect(long?.idleExpiresAtMs).toBeGreaterThanOrEqual(now + 30 * 60_000);
    expect(long?.idleExpiresAtMs).toBeLessThan(now + 31 * 60_000);
    expect((await sessions.find("b".repeat(64), now))?.idleExpiresAtMs).toBe(now + 60_000);
    expect(await sessions.find("a".repeat(64), now + 31 * 60_000)).toBeUndefined();
    db.close();
  });

  it("refuses a database migrated by a newer server", () => {
    openSqliteDatabase(path).close();
    const db = new DatabaseSync(path);
    db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (99, 'future', 'x')").run();
    db.close();
    expect(() => openSqliteDatabase(path)).toThrow(
      `Database schema is at version 99, newer than this server knows (${MIGRATIONS.at(-1)?.version}).`,
    );
  });
});
