import type { Address } from "viem";

export type RegistrationKey = {
  launchId: string;
  chainId: number;
  address: Address;
};

/** Whether the registration still meets the threshold at its last check. */
export type RegistrationStanding = "eligible" | "below-threshold";

/** A POO balance read at one block and judged at one price. */
export type EligibilityCheck = {
  pooBalanceWei: bigint;
  blockNumber: bigint;
  priceUsd: number;
  /** When the price was current; absent from checks recorded before prices kept their time. */
  priceAt?: Date;
  checkedAt: Date;
};

/** The price a registration or change was decided on: the launch's price for the decision's window. */
export type DecisionPrice = { usd: number; at: Date; windowStart: Date };

/** A wallet's whitelist registration for one launch on one chain. */
export type Registration = RegistrationKey & {
  amountWei: bigint;
  createdAt: Date;
  updatedAt: Date;
  standing: RegistrationStanding;
  /**
   * The check behind the standing: the registration's own until a launch re-check, the latest
   * re-check's from then on; undefined for rows written before checks were kept.
   */
  lastCheck: EligibilityCheck | undefined;
  /** When a launch re-check last judged it: its verdict stands when the wallet registers again. */
  recheckedAt: Date | undefined;
  /** The price the latest registration or change was decided on; undefined for older rows. */
  decisionPrice: DecisionPrice | undefined;
};

export type RecheckResult = { address: Address; standing: RegistrationStanding; check: EligibilityCheck };

export type RegistrationUpsert = RegistrationKey & {
  amountWei: bigint;
  at: Date;
  check: EligibilityCheck & { priceAt: Date };
  /** The window of the launch's price the check was judged at. */
  priceWindowStart: Date;
};

/** Durable launch registrations; one per (launch, chain, address). */
export interface RegistrationStore {
  /**
   * Creates the registration or replaces its amount, atomically (two instances writing the same key
   * both succeed, one creates); `created` tells which happened. The check (at the window's price)
   * makes it eligible, unless a launch re-check has judged it: that verdict and its figures stay.
   */
  upsert(input: RegistrationUpsert): Promise<{ registration: Registration; created: boolean }>;
  find(key: RegistrationKey): Promise<Registration | undefined>;
  /** Every registration of a launch on a chain, in address order. */
  listForLaunch(launchId: string, chainId: number): Promise<Registration[]>;
  /** Chains that have registrations for the launch. */
  chainsOfLaunch(launchId: string): Promise<number[]>;
  /** Records a re-check of many registrations in one transaction. */
  recordRechecks(launchId: string, chainId: number, results: readonly RecheckResult[]): Promise<void>;
}
