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
  checkedAt: Date;
};

/** A wallet's whitelist registration for one launch on one chain. */
export type Registration = RegistrationKey & {
  amountWei: bigint;
  createdAt: Date;
  updatedAt: Date;
  standing: RegistrationStanding;
  /** The last check (at registration or a re-check); undefined for rows written before checks were kept. */
  lastCheck: EligibilityCheck | undefined;
};

export type RecheckResult = { address: Address; standing: RegistrationStanding; check: EligibilityCheck };

/** Durable launch registrations; one per (launch, chain, address). */
export interface RegistrationStore {
  /**
   * Creates the registration or replaces its amount, atomically (two instances writing the same key
   * both succeed, one creates); `created` tells which happened. The check makes it eligible.
   */
  upsert(
    input: RegistrationKey & { amountWei: bigint; at: Date; check: EligibilityCheck },
  ): Promise<{ registration: Registration; created: boolean }>;
  find(key: RegistrationKey): Promise<Registration | undefined>;
  /** Every registration of a launch on a chain, in address order. */
  listForLaunch(launchId: string, chainId: number): Promise<Registration[]>;
  /** Chains that have registrations for the launch. */
  chainsOfLaunch(launchId: string): Promise<number[]>;
  /** Records a re-check of many registrations in one transaction. */
  recordRechecks(launchId: string, chainId: number, results: readonly RecheckResult[]): Promise<void>;
}
