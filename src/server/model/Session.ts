import type { Address } from "viem";

/** A signed-in wallet. `id` is the server-side session's key (a digest of the cookie's token). */
export type Session = {
  id: string;
  address: Address;
  chainId: number;
  expiresAtMs: number;
};
