import type { Address } from "../address";

/** Whether the registration still meets the threshold at its last check (a launch re-check can lower it). */
export const REGISTRATION_STANDINGS = ["eligible", "below-threshold"] as const;
export type RegistrationStanding = (typeof REGISTRATION_STANDINGS)[number];

/** The POO balance the server read, the block it read it at, and when. */
export interface RegistrationCheck {
  /** POO base units (18 decimals). */
  readonly pooBalanceWei: bigint;
  readonly blockNumber: bigint;
  readonly checkedAt: Date;
}

/** A wallet's registration for a launch's whitelist: the ETH it intends to contribute. */
export interface WhitelistRegistration {
  readonly launchId: string;
  readonly address: Address;
  readonly chainId: number;
  /** Wei (18 decimals). */
  readonly amountWei: bigint;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly standing: RegistrationStanding;
  /** null for registrations made before the server kept its checks. */
  readonly lastCheck: RegistrationCheck | null;
}
