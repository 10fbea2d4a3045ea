import type { Address } from "viem";

/** A signed-in wallet. `id` is the server-side session's key (a digest of the cookie's token). */
export type Session = {
  id: string;
  address: Address;
  chainId: number;
  /** The absolute end: 24 h after sign-in at most. */
  expiresAtMs: number;
  /** The idle end: the session ends here unless it is used before (each use pushes it on). */
  idleExpiresAtMs: number;
};
