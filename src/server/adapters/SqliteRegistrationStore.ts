import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync, type SQLOutputValue } from "node:sqlite";
import { getAddress } from "viem";
import type { LaunchApplication, LaunchApplicationStore } from "../ports/LaunchApplicationStore";
import type { Registration, RegistrationKey, RegistrationStore } from "../ports/RegistrationStore";
import { migrate } from "./sqliteMigrations";

type Row = Record<string, SQLOutputValue>;

/**
 * Registrations and launch applications in one SQLite file (node:sqlite). All SQL stays in this
 * adapter so a PostgreSQL one can implement the same ports.
 */
export class SqliteRegistrationStore implements RegistrationStore, LaunchApplicationStore {
  private constructor(private readonly db: DatabaseSync) {}

  /** Opens (creating the folder and file if needed) and migrates; ":memory:" for throwaway stores. */
  static open(path: string): SqliteRegistrationStore {
    if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
    const db = new DatabaseSync(path);
    try {
      if (path !== ":memory:") db.exec("PRAGMA journal_mode = WAL");
      // FULL: a committed registration survives power loss, not only a process restart.
      db.exec("PRAGMA synchronous = FULL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON");
      migrate(db);
    } catch (error) {
      db.close();
      throw error;
    }
    return new SqliteRegistrationStore(db);
  }

  async upsert(
    input: RegistrationKey & { amountWei: bigint; at: Date },
  ): Promise<{ registration: Registration; created: boolean }> {
    const at = input.at.toISOString();
    const key = [input.launchId, input.chainId, input.address] as const;
    // node:sqlite is synchronous, so nothing else runs between these statements.
    const existing = this.db
      .prepare("SELECT 1 FROM launch_registrations WHERE launch_id = ? AND chain_id = ? AND address = ?")
      .get(...key);
    if (existing) {
      this.db
        .prepare(
          "UPDATE launch_registrations SET amount_wei = ?, updated_at = ? WHERE launch_id = ? AND chain_id = ? AND address = ?",
        )
        .run(input.amountWei.toString(), at, ...key);
    } else {
      this.db
        .prepare(
          "INSERT INTO launch_registrations (launch_id, chain_id, address, amount_wei, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
        )
        .run(...key, input.amountWei.toString(), at, at);
    }
    const registration = await this.find(input);
    if (!registration) throw new Error("Registration vanished right after it was written.");
    return { registration, created: !existing };
  }

  async find(key: RegistrationKey): Promise<Registration | undefined> {
    const row = this.db
      .prepare("SELECT * FROM launch_registrations WHERE launch_id = ? AND chain_id = ? AND address = ?")
      .get(key.launchId, key.chainId, key.address);
    return row ? toRegistration(row) : undefined;
  }

  async insert(application: LaunchApplication): Promise<void> {
    this.db
      .prepare(
        `INSERT INTO launch_applications
          (id, project_name, token_symbol, website, contact, description, submitted_by, chain_id, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        application.id,
        application.projectName,
        application.tokenSymbol,
        application.website,
        application.contact,
        application.description,
        application.submittedBy,
        application.chainId,
        application.createdAt.toISOString(),
      );
  }

  async findById(id: string): Promise<LaunchApplication | undefined> {
    const row = this.db.prepare("SELECT * FROM launch_applications WHERE id = ?").get(id);
    return row ? toApplication(row) : undefined;
  }

  close(): void {
    if (this.db.isOpen) this.db.close();
  }
}

function text(row: Row, column: string): string {
  const value = row[column];
  if (typeof value !== "string") throw new Error(`Column ${column} is not text.`);
  return value;
}

function integer(row: Row, column: string): number {
  const value = row[column];
  if (typeof value !== "number" && typeof value !== "bigint")
    throw new Error(`Column ${column} is not an integer.`);
  return Number(value);
}

function toRegistration(row: Row): Registration {
  return {
    launchId: text(row, "launch_id"),
    chainId: integer(row, "chain_id"),
    address: getAddress(text(row, "address")),
    amountWei: BigInt(text(row, "amount_wei")),
    createdAt: new Date(text(row, "created_at")),
    updatedAt: new Date(text(row, "updated_at")),
  };
}

function toApplication(row: Row): LaunchApplication {
  return {
    id: text(row, "id"),
    projectName: text(row, "project_name"),
    tokenSymbol: text(row, "token_symbol"),
    website: text(row, "website"),
    contact: text(row, "contact"),
    description: text(row, "description"),
    submittedBy: getAddress(text(row, "submitted_by")),
    chainId: integer(row, "chain_id"),
    createdAt: new Date(text(row, "created_at")),
  };
}
