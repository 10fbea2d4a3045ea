import type { Pool } from "pg";
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

type RegistrationRow = {
  launch_id: string;
  chain_id: string;
  address: string;
  amount_wei: string;
  created_at: Date;
  updated_at: Date;
  standing: string;
  poo_balance_wei: string | null;
  checked_block: string | null;
  checked_price_usd: number | null;
  checked_price_at: Date | null;
  checked_at: Date | null;
  rechecked_at: Date | null;
  decision_price_usd: number | null;
  decision_price_at: Date | null;
  decision_price_window: Date | null;
};

type ApplicationRow = {
  id: string;
  project_name: string;
  token_symbol: string;
  website: string;
  contact: string;
  description: string;
  submitted_by: string;
  chain_id: string;
  created_at: Date;
};

/** Registrations and launch applications in PostgreSQL, for several API instances. */
export class PostgresRegistrationStore implements RegistrationStore, LaunchApplicationStore {
  constructor(private readonly pool: Pool) {}

  async upsert(input: RegistrationUpsert): Promise<{ registration: Registration; created: boolean }> {
    const { check } = input;
    // Until a launch re-check judges the row, the registration's check sets its standing; after it,
    // the re-check's verdict and figures stay, and only the amount and decision price change.
    const kept = (column: string) =>
      `${column} = CASE WHEN r.rechecked_at IS NULL THEN excluded.${column} ELSE r.${column} END`;
    // One statement: concurrent writers of the same key serialise on the row; xmax = 0 marks the
    // row version this statement inserted (an update leaves the updating transaction's id there).
    const { rows } = await this.pool.query<RegistrationRow & { created: boolean }>(
      `INSERT INTO launch_registrations AS r (launch_id, chain_id, address, amount_wei, created_at, updated_at,
         standing, poo_balance_wei, checked_block, checked_price_usd, checked_price_at, checked_at,
         decision_price_usd, decision_price_at, decision_price_window)
       VALUES ($1, $2, $3, $4, $5, $5, 'eligible', $6, $7, $8, $9, $10, $8, $9, $11)
       ON CONFLICT (launch_id, chain_id, address) DO UPDATE SET
         amount_wei = excluded.amount_wei, updated_at = excluded.updated_at,
         ${["standing", "poo_balance_wei", "checked_block", "checked_price_usd", "checked_price_at", "checked_at"].map(kept).join(", ")},
         decision_price_usd = excluded.decision_price_usd, decision_price_at = excluded.decision_price_at,
         decision_price_window = excluded.decision_price_window
       RETURNING *, (xmax = 0) AS created`,
      [
        input.launchId,
        input.chainId,
        input.address,
        input.amountWei.toString(),
        input.at,
        check.pooBalanceWei.toString(),
        check.blockNumber.toString(),
        check.priceUsd,
        check.priceAt,
        check.checkedAt,
        input.priceWindowStart,
      ],
    );
    const row = rows[0];
    if (!row) throw new Error("Registration upsert returned no row.");
    return { registration: toRegistration(row), created: row.created };
  }

  async find(key: RegistrationKey): Promise<Registration | undefined> {
    const { rows } = await this.pool.query<RegistrationRow>(
      "SELECT * FROM launch_registrations WHERE launch_id = $1 AND chain_id = $2 AND address = $3",
      [key.launchId, key.chainId, key.address],
    );
    return rows[0] && toRegistration(rows[0]);
  }

  async listForLaunch(launchId: string, chainId: number): Promise<Registration[]> {
    const { rows } = await this.pool.query<RegistrationRow>(
      // COLLATE "C": the same byte order as SQLite's, whatever the database's locale.
      `SELECT * FROM launch_registrations WHERE launch_id = $1 AND chain_id = $2 ORDER BY address COLLATE "C"`,
      [launchId, chainId],
    );
    return rows.map(toRegistration);
  }

  async chainsOfLaunch(launchId: string): Promise<number[]> {
    const { rows } = await this.pool.query<{ chain_id: string }>(
      "SELECT DISTINCT chain_id FROM launch_registrations WHERE launch_id = $1 ORDER BY chain_id",
      [launchId],
    );
    return rows.map((row) => Number(row.chain_id));
  }

  async recordRechecks(launchId: string, chainId: number, results: readonly RecheckResult[]): Promise<void> {
    if (results.length === 0) return;
    // One statement for the whole launch: arrays joined by unnest, applied atomically.
    await this.pool.query(
      `UPDATE launch_registrations AS r SET standing = u.standing, poo_balance_wei = u.balance,
         checked_block = u.block, checked_price_usd = u.price, checked_price_at = u.price_at,
         checked_at = u.checked_at, rechecked_at = u.checked_at
       FROM unnest($3::text[], $4::text[], $5::numeric[], $6::numeric[], $7::float8[], $8::timestamptz[],
         $9::timestamptz[])
         AS u(address, standing, balance, block, price, checked_at, price_at)
       WHERE r.launch_id = $1 AND r.chain_id = $2 AND r.address = u.address`,
      [
        launchId,
        chainId,
        results.map((result) => result.address),
        results.map((result) => result.standing),
        results.map((result) => result.check.pooBalanceWei.toString()),
        results.map((result) => result.check.blockNumber.toString()),
        results.map((result) => result.check.priceUsd),
        results.map((result) => result.check.checkedAt),
        results.map((result) => result.check.priceAt ?? null),
      ],
    );
  }

  async insert(application: LaunchApplication): Promise<void> {
    await this.pool.query(
      `INSERT INTO launch_applications
        (id, project_name, token_symbol, website, contact, description, submitted_by, chain_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        application.id,
        application.projectName,
        application.tokenSymbol,
        application.website,
        application.contact,
        application.description,
        application.submittedBy,
        application.chainId,
        application.createdAt,
      ],
    );
  }

  async findById(id: string): Promise<LaunchApplication | undefined> {
    const { rows } = await this.pool.query<ApplicationRow>(
      "SELECT * FROM launch_applications WHERE id = $1",
      [id],
    );
    const row = rows[0];
    if (!row) return undefined;
    return {
      id: row.id,
      projectName: row.project_name,
      tokenSymbol: row.token_symbol,
      website: row.website,
      contact: row.contact,
      description: row.description,
      submittedBy: getAddress(row.submitted_by),
      chainId: Number(row.chain_id),
      createdAt: row.created_at,
    };
  }
}

function toRegistration(row: RegistrationRow): Registration {
  const {
    poo_balance_wei: balance,
    checked_block: block,
    checked_price_usd: price,
    checked_at: checkedAt,
    checked_price_at: priceAt,
    decision_price_usd: decisionUsd,
    decision_price_at: decisionAt,
    decision_price_window: decisionWindow,
  } = row;
  return {
    launchId: row.launch_id,
    chainId: Number(row.chain_id),
    address: getAddress(row.address),
    amountWei: BigInt(row.amount_wei),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    standing: row.standing as RegistrationStanding,
    lastCheck:
      balance !== null && block !== null && price !== null && checkedAt !== null
        ? {
            pooBalanceWei: BigInt(balance),
            blockNumber: BigInt(block),
            priceUsd: price,
            ...(priceAt === null ? {} : { priceAt }),
            checkedAt,
          }
        : undefined,
    recheckedAt: row.rechecked_at ?? undefined,
    decisionPrice:
      decisionUsd !== null && decisionAt !== null && decisionWindow !== null
        ? { usd: decisionUsd, at: decisionAt, windowStart: decisionWindow }
        : undefined,
  };
}
