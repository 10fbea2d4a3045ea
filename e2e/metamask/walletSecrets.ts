/**
 * Hardhat's public test mnemonic (its default accounts, funded on the local chain) and the password the
 * test profile is locked with. Both are public test values: never use them with real funds.
 */
export const HARDHAT_MNEMONIC = "test test test test test test test test test test test junk";
export const WALLET_PASSWORD = "PooFinance-e2e-1";
/**
 * Accounts the cached wallet holds: Hardhat's account 0. (Adding accounts right after onboarding does
 * not finish offline in 13.13.1: "Add account" waits on MetaMask's account sync service.)
 */
export const METAMASK_ACCOUNT_COUNT = 1;
