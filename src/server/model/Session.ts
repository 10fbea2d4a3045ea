import type { Address } from "viem";

/** A signed-in wallet, as carried by the session cookie. */
export type Session = {
  address: Address;
  chainId: number;
  expiresAtMs: number;
};
