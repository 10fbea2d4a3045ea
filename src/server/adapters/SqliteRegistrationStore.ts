import type { DatabaseSync } from "node:sqlite";
import { getAddress } from "viem";
import type { LaunchApplication, LaunchApplicationStore } from "../ports/LaunchApplicationStore";
import type {
  RecheckResult,
  Registration,
  RegistrationKey,
  RegistrationStanding,
  RegistrationStore,
  RegistrationUpsert,
} from "../ports/RegistrationStore";
import { sqliteRows, type SqliteRow } from "./sqliteRows";
import { inImmediateTransaction } from "./sqliteTransaction";

const KEY = "launch_id = ? AND chain_id = ? AND address = ?";

/** Registrations and launch applications in SQLite (node:sqlite). */
export class SqliteRegistrationStore implements RegistrationStore, LaunchApplicationStore {
  constructor(private readonly db: DatabaseSync) {}

  async upsert(input: RegistrationUpsert): Promise<{ registration: Registration; created: boolean }> {
    const at = input.at.toISOString();
    const key = [input.launchId, input.chainId, input.address] as const;
    const { check } = input;
    // Until a launch re-check judges the row, the registration's check sets its standing; after it,
    // the re-check's verdict and figures stay (KEPT), and only the amount and decision price change.
    const kept = (column: string) =>
      `${column} = CASE WHEN launch_registrations.rechecked_at IS NULL THEN excluded.${column} ELSE launch_registrations.${column} END`;
    // In one transaction: nothing can slip in between the read (which tells created from changed)
    // and the write.
    const { existing, row } = inImmediateTransaction(this.db, () => ({
      existing: this.db.prepare(`SELECT 1 FROM launch_registrations WHERE ${KEY}`).get(...key),
      row: this.db
        .prepare(
          `INSERT INTO launch_registrations (launch_id, chain_id, address, amount_wei, created_at, updated_at,
             standing, poo_balance_wei, checked_block, checked_price_usd, checked_price_at, checked_at,
             decision_price_usd, decision_price_at, decision_price_window)
           VALUES (?, ?, ?, ?, ?, ?, 'eligible', ?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (launch_id, chain_id, address) DO UPDATE SET
             amount_wei = excluded.amount_wei, updated_at = excluded.updated_at,
             ${["standing", "poo_balance_wei", "checked_block", "checked_price_usd", "checked_price_at", "checked_at"].map(kept).join(", ")},
             decision_price_usd = excluded.decision_price_usd, decision_price_at = excluded.decision_price_at,
             decision_price_window = excluded.decision_price_window
           RETURNING *`,
        )
        .get(
          ...key,
          input.amountWei.toString(),
          at,
          at,
          check.pooBalanceWei.toString(),
          check.blockNumber.toString(),
          check.priceUsd,
          check.priceAt.toISOString(),
          check.checkedAt.toISOString(),
          check.priceUsd,
          check.priceAt.toISOString(),
          input.priceWindowStart.toISOString(),
        ),
    }));
    if (!row) throw new Error("Registration upsert returned no row.");
    return { registration: toRegistration(row), created: !existing };
  }

  async find(key: RegistrationKey): Promise<Registration | undefined> {
    const row = this.db
      .prepare(`SELECT * FROM launch_registrations WHERE ${KEY}`)
      .get(key.launchId, key.chainId, key.address);
    return row ? toRegistration(row) : undefined;
  }

  async listForLaunch(launchId: string, chainId: number): Promise<Registration[]> {
    return this.db
      .prepare("SELECT * FROM launch_registrations WHERE launch_id = ? AND chain_id = ? ORDER BY address")
      .all(launchId, chainId)
      .map(toRegistration);
  }

  async chainsOfLaunch(launchId: string): Promise<number[]> {
    return this.db
      .prepare("SELECT DISTINCT chain_id FROM launch_registrations WHERE launch_id = ? ORDER BY chain_id")
      .all(launchId)
      .map((row) => sqliteRows.integer(row, "chain_id"));
  }

  async recordRechecks(launchId: string, chainId: number, results: readonly RecheckResult[]): Promise<void> {
    const update = this.db.prepare(
      `UPDATE launch_registrations SET standing = ?, poo_balance_wei = ?, checked_block = ?,
         checked_price_usd = ?, checked_price_at = ?, checked_at = ?, rechecked_at = ? WHERE ${KEY}`,
    );
    inImmediateTransaction(this.db, () => {
      for (const { address, standing, check } of results) {
        update.run(
          standing,
          check.pooBalanceWei.toString(),
          check.blockNumber.toString(),
          check.priceUsd,
          check.priceAt?.toISOString() ?? null,
          check.checkedAt.toISOString(),
          check.checkedAt.toISOString(),
          launchId,
          chainId,
          address,
        );
      }
    });
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
}

function toRegistration(row: SqliteRow): Registration {
  const { text, optionalText, integer, optionalReal } = sqliteRows;
  const balance = optionalText(row, "poo_balance_wei");
  const block = optionalText(row, "checked_block");
  const price = optionalReal(row, "checked_price_usd");
  const checkedAt = optionalText(row, "checked_at");
  const priceAt = optionalText(row, "checked_price_at");
  const recheckedAt = optionalText(row, "rechecked_at");
  const decisionUsd = optionalReal(row, "decision_price_usd");
  const decisionAt = optionalText(row, "decision_price_at");
  const decisionWindow = optionalText(row, "decision_price_window");
  return {
    launchId: text(row, "launch_id"),
    chainId: integer(row, "chain_id"),
    address: getAddress(text(row, "address")),
    amountWei: BigInt(text(row, "amount_wei")),
    createdAt: new Date(text(row, "created_at")),
    updatedAt: new Date(text(row, "updated_at")),
    standing: text(row, "standing") as RegistrationStanding,
    lastCheck:
      balance !== undefined && block !== undefined && price !== undefined && checkedAt !== undefined
        ? {
            pooBalanceWei: BigInt(balance),
            blockNumber: BigInt(block),
            priceUsd: price,
            ...(priceAt === undefined ? {} : { priceAt: new Date(priceAt) }),
            checkedAt: new Date(checkedAt),
          }
        : undefined,
    recheckedAt: recheckedAt === undefined ? undefined : new Date(recheckedAt),
    decisionPrice:
      decisionUsd !== undefined && decisionAt !== undefined && decisionWindow !== undefined
        ? { usd: decisionUsd, at: new Date(decisionAt), windowStart: new Date(decisionWindow) }
        : undefined,
  };
}

function toApplication(row: SqliteRow): LaunchApplication {
  const { text, integer } = sqliteRows;
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
