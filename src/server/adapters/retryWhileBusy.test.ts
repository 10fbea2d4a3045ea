import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isSqliteUnavailable } from "./isSqliteUnavailable";
import { openSqliteDatabase } from "./openSqliteDatabase";
import { retryWhileBusy } from "./retryWhileBusy";
import { SqliteSessionStore } from "./SqliteSessionStore";

const SESSION = {
  id: "s1",
  address: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
  chainId: 31337,
  expiresAtMs: 10_000,
  idleExpiresAtMs: 10_000,
} as const;

describe("retryWhileBusy", () => {
  let dir: string;
  let db: DatabaseSync;
  let other: DatabaseSync;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "poo-busy-"));
    db = openSqliteDatabase(join(dir, "poo.sqlite"));
    other = new DatabaseSync(join(dir, "poo.sqlite"));
  });
  afterEach(() => {
    if (other.isTransaction) other.exec("ROLLBACK");
    other.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("serves without waiting inside SQLite: the connection's busy_timeout is 0", () => {
    expect(db.prepare("PRAGMA busy_timeout").get()).toEqual({ timeout: 0 });
  });

  it("retries a write while another connection holds the write lock, and lands it once the lock is gone", async () => {
    other.exec("BEGIN IMMEDIATE");
    const sleeps: number[] = [];
    const store = retryWhileBusy(new SqliteSessionStore(db), {
      timeoutMs: 5_000,
      sleep: async (ms) => {
        sleeps.push(ms);
        if (sleeps.length === 4) other.exec("COMMIT");
      },
    });
    await store.save(SESSION, 1_000);
    expect(sleeps).toEqual([2, 4, 8, 16]);
    expect(await store.find("s1", 1_000)).toMatchObject({ id: "s1", chainId: 31337 });
  });

  it("gives up after timeoutMs with SQLite's own error, which the API answers 503", async () => {
    other.exec("BEGIN IMMEDIATE");
    const clock = { now: 0 };
    const store = retryWhileBusy(new SqliteSessionStore(db), {
      timeoutMs: 250,
      now: () => clock.now,
      sleep: async (ms) => {
        clock.now += ms;
      },
    });
    const failure = await store.save(SESSION, 1_000).catch((error: unknown) => error);
    expect(failure).toMatchObject({ message: "database is locked" });
    expect(isSqliteUnavailable(failure)).toBe(true);
    expect(clock.now).toBe(250);
    // Reads are not blocked by a writer (WAL).
    expect(await store.find("nope", 1_000)).toBeUndefined();
  });

  it("does not retry an error that is not a lock", async () => {
    let sleeps = 0;
    const store = retryWhileBusy(new SqliteSessionStore(db), {
      timeoutMs: 5_000,
      sleep: async () => void (sleeps += 1),
    });
    await store.save(SESSION, 1_000);
    await expect(store.save(SESSION, 1_000)).rejects.toThrow(/UNIQUE constraint failed/);
    expect(sleeps).toBe(0);
  });
});
