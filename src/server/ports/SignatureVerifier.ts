import type { Address, Hex } from "viem";

export type SignatureCheck = {
  chainId: number;
  address: Address;
  message: string;
  signature: Hex;
};

/**
 * Checks an EIP-191 personal-message signature. Implementations for a real chain also accept
 * contract wallets (ERC-1271, ERC-6492). Throws only when the check itself could not be done.
 */
export interface SignatureVerifier {
  verify(check: SignatureCheck): Promise<boolean>;
}
