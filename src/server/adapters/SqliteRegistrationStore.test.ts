import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { alice, bob } from "../testing/hardhatAccounts";
import { SqliteRegistrationStore } from "./SqliteRegistrationStore";

describe("SqliteRegistrationStore", () => {
  let dir: string;
  let path: string;
  const opened: SqliteRegistrationStore[] = [];
  const open = (file = path) => {
    const store = SqliteRegistrationStore.open(file);
    opened.push(store);
    return store;
  };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "poo-sqlite-"));
    path = join(dir, "nested", "poo.sqlite");
  });
  afterEach(() => {
    for (const store of opened.splice(0)) store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const key = { launchId: "crap", chainId: 31337, address: alice.address };

  it("creates, then updates a registration, keeping createdAt", async () => {
    const store = open(":memory:");
    const first = await store.upsert({ ...key, amountWei: 10n ** 16n, at: new Date("2025-06-01T00:00:00Z") });
    expect(first.created).toBe(true);
    const second = await store.upsert({
      ...key,
      amountWei: 2n * 10n ** 18n,
      at: new Date("2025-06-02T00:00:00Z"),
    });
    expect(second).toEqual({
      created: false,
      registration: {
        ...key,
        amountWei: 2n * 10n ** 18n,
        createdAt: new Date("2025-06-01T00:00:00Z"),
        updatedAt: new Date("2025-06-02T00:00:00Z"),
      },
    });
    expect(await store.find({ ...key, address: bob.address })).toBeUndefined();
    expect(await store.find({ ...key, chainId: 11155111 })).toBeUndefined();
  });

  it("stores launch applications", async () => {
    const store = open(":memory:");
    const application = {
      id: "4b0c2b5e-7c55-4b8e-9a55-2f1c3e7f0a01",
      projectName: "Doge Pile",
      tokenSymbol: "PILE",
      website: "https://pile.example",
      contact: "@pile",
      description: "A pile of doge tokens for everyone.",
      submittedBy: alice.address,
      chainId: 31337,
      createdAt: new Date("2025-06-01T00:00:00Z"),
    };
    await store.insert(application);
    expect(await store.findById(application.id)).toEqual(application);
    await expect(store.insert(application)).rejects.toThrow(/UNIQUE/);
  });

  it("uses WAL, records migrations, and keeps data across reopening the file", async () => {
    const store = open();
    await store.upsert({ ...key, amountWei: 123n, at: new Date("2025-06-01T00:00:00Z") });
    store.close();

    const inspect = new DatabaseSync(path);
    expect(inspect.prepare("PRAGMA journal_mode").get()).toEqual({ journal_mode: "wal" });
    expect(inspect.prepare("SELECT version, name FROM schema_migrations").all()).toEqual([
      { version: 1, name: "launch registrations and applications" },
    ]);
    inspect.close();

    const reopened = open();
    expect((await reopened.find(key))?.amountWei).toBe(123n);
  });

  it("refuses a database migrated by a newer server", () => {
    open().close();
    const db = new DatabaseSync(path);
    db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (99, 'future', 'x')").run();
    db.close();
    expect(() => open()).toThrow("Database schema is at version 99, newer than this server knows (1).");
  });
});
