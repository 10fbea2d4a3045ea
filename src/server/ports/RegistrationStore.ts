import type { Address } from "viem";

export type RegistrationKey = {
  launchId: string;
  chainId: number;
  address: Address;
};

/** A wallet's whitelist registration for one launch on one chain. */
export type Registration = RegistrationKey & {
  amountWei: bigint;
  createdAt: Date;
  updatedAt: Date;
};

/** Durable launch registrations; one per (launch, chain, address). */
export interface RegistrationStore {
  /** Creates the registration or replaces its amount; `created` tells which happened. */
  upsert(
    input: RegistrationKey & { amountWei: bigint; at: Date },
  ): Promise<{ registration: Registration; created: boolean }>;
  find(key: RegistrationKey): Promise<Registration | undefined>;
}
