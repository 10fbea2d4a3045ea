import type { Address } from "../address";

/** A wallet's registration for a launch's whitelist: the ETH it intends to contribute. */
export interface WhitelistRegistration {
  readonly launchId: string;
  readonly address: Address;
  readonly chainId: number;
  /** Wei (18 decimals). */
  readonly amountWei: bigint;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}
