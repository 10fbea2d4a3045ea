import { z } from "./zod.ts";

declare const addressBrand: unique symbol;

/**
 * A 20-byte account or contract address, `0x` + 40 hex digits. Branded so that only text that went
 * through {@link toAddress} or {@link addressSchema} can be used where an address is expected; it
 * stays assignable to viem's `0x${string}` in the adapters.
 */
export type Address = `0x${string}` & { readonly [addressBrand]: "Address" };

export const ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/;

export function isAddress(value: unknown): value is Address {
  return typeof value === "string" && ADDRESS_PATTERN.test(value);
}

/** Checks the shape only (no EIP-55 checksum check: that needs keccak, which the domain does not carry). */
export function toAddress(value: string): Address {
  if (!isAddress(value)) throw new TypeError(`Not an address (0x followed by 40 hex digits): ${value}`);
  return value;
}

export const addressSchema: z.ZodMiniType<Address, string> = z.pipe(
  z.string().check(z.regex(ADDRESS_PATTERN, "Expected 0x followed by 40 hex digits.")),
  z.transform((value: string): Address => toAddress(value)),
);

/** Addresses differ only in checksum casing when they are the same account. */
export function sameAddress(a: Address, b: Address): boolean {
  return a.toLowerCase() === b.toLowerCase();
}
