// Shared connection and fixtures for the contract tests (not a test itself: it declares none).
import { network } from "hardhat";
import { maxUint256, parseEther } from "viem";

// Type-only imports that pull Hardhat's generated artifact types into the program, so
// `viem.deployContract("Staking")` returns a fully typed contract (run `npm run compile` first).
export type { CrapToken$Type } from "../../artifacts/contracts/CrapToken.sol/artifacts.js";
export type { PooToken$Type } from "../../artifacts/contracts/PooToken.sol/artifacts.js";
export type { Staking$Type } from "../../artifacts/contracts/Staking.sol/artifacts.js";
export type { ReferenceStaking$Type } from "../../artifacts/contracts/reference/ReferenceStaking.sol/artifacts.js";
export type { Multicall3Local$Type } from "../../artifacts/contracts/local/Multicall3Local.sol/artifacts.js";
export type { ReentrantToken$Type } from "../../artifacts/contracts/mocks/ReentrantToken.sol/artifacts.js";
export type { EtherRejecter$Type } from "../../artifacts/contracts/mocks/EtherRejecter.sol/artifacts.js";
export type { BatchExecutor$Type } from "../../artifacts/contracts/test/BatchExecutor.sol/artifacts.js";

// One in-process chain for every contract test file; loadFixture snapshots keep tests independent.
export const { viem, networkHelpers, provider } = await network.create();

export const DAY = 86_400n;
export const MIN_STAKE = parseEther("100");
export const SUPPLY = parseEther("100000000");
export const USER_POO = parseEther("1000000");
export const ZERO_ADDRESS = "0x0000000000000000000000000000000000000000" as const;

export const poo = (amount: number | string): bigint => parseEther(String(amount));

/** Tokens only, nothing wired: for PooToken and CrapToken tests. */
export async function tokensFixture() {
  const [owner, alice, bob, carol] = await viem.getWalletClients();
  if (!owner || !alice || !bob || !carol) throw new Error("the test chain needs 4 accounts");
  const publicClient = await viem.getPublicClient();
  const pooToken = await viem.deployContract("PooToken", [owner.account.address, SUPPLY]);
  const crapToken = await viem.deployContract("CrapToken", [owner.account.address, SUPPLY]);
  return { owner, alice, bob, carol, publicClient, pooToken, crapToken };
}

/**
 * The pool as deployed for real (POO knows the staking contract), no reward funded, rate 0.
 * Four users hold USER_POO each and have approved the pool for everything; the owner has
 * approved the pool for all its CRAP so tests can fund it in one call.
 */
export async function stakingFixture() {
  const base = await tokensFixture();
  const wallets = await viem.getWalletClients();
  const users = wallets.slice(1, 6);
  const { owner, pooToken, crapToken } = base;
  const staking = await viem.deployContract("Staking", [
    pooToken.address,
    crapToken.address,
    MIN_STAKE,
    DAY,
    owner.account.address,
  ]);
  await pooToken.write.setStakingContract([staking.address]);
  for (const user of users) {
    await pooToken.write.transfer([user.account.address, USER_POO]);
    await pooToken.write.approve([staking.address, maxUint256], { account: user.account });
  }
  await crapToken.write.approve([staking.address, maxUint256]);
  return { ...base, users, staking };
}
