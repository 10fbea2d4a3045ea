import { pbkdf2Sync } from "node:crypto";
import { toHex, type Hex } from "viem";
import { HDKey, hdKeyToAccount } from "viem/accounts";

/** The public mnemonic behind Hardhat's default, pre-funded development accounts. Never use it on a real network. */
export const HARDHAT_MNEMONIC = "test test test test test test test test test test test junk";

/** Hardhat funds the first 20 accounts of {@link HARDHAT_MNEMONIC} (m/44'/60'/0'/0/i) on its simulated chains. */
export const HARDHAT_ACCOUNT_COUNT = 20;

let derived: Hex[] | undefined;

/**
 * The private keys of Hardhat's default accounts 0..count-1, derived rather than pasted in. The BIP-39
 * seed comes from Node's native PBKDF2 (viem's pure-JS one takes ~150 ms per call) and is derived once.
 */
export function hardhatPrivateKeys(count: number = 10): Hex[] {
  if (!Number.isInteger(count) || count < 1 || count > HARDHAT_ACCOUNT_COUNT) {
    throw new RangeError(`count must be 1..${HARDHAT_ACCOUNT_COUNT}, got ${count}`);
  }
  if (!derived) {
    const seed = pbkdf2Sync(HARDHAT_MNEMONIC.normalize("NFKD"), "mnemonic", 2048, 64, "sha512");
    const master = HDKey.fromMasterSeed(seed);
    derived = Array.from({ length: HARDHAT_ACCOUNT_COUNT }, (_, addressIndex) => {
      const privateKey = hdKeyToAccount(master, { addressIndex }).getHdKey().privateKey;
      if (!privateKey) throw new Error(`could not derive Hardhat account ${addressIndex}`);
      return toHex(privateKey);
    });
  }
  return derived.slice(0, count);
}
