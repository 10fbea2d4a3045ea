import type { EIP1193Provider } from "@nomicfoundation/ignition-core";
import {
  createPublicClient,
  createWalletClient,
  custom,
  erc20Abi,
  getAddress,
  parseEther,
  type Address,
} from "viem";

/** The local chains' demo accounts: Hardhat's first five, each holding this much POO. */
export const TEST_ACCOUNT_COUNT = 5;
export const TEST_ACCOUNT_POO: bigint = parseEther("1000000");

/**
 * Local-only step after the deployment (never part of the Ignition modules): tops each of the node's
 * first TEST_ACCOUNT_COUNT accounts up to `pooEach` POO from the deployer (account #0, which keeps the
 * rest: with ignition/parameters/localhost.json's supply, exactly `pooEach` too). Only what is missing
 * is sent, so running it again after a resumed deployment pays nobody twice. Returns the accounts.
 */
export async function seedTestAccounts(
  provider: EIP1193Provider,
  pooToken: Address,
  pooEach: bigint = TEST_ACCOUNT_POO,
): Promise<Address[]> {
  const transport = custom(provider);
  const publicClient = createPublicClient({ transport });
  const accounts = ((await provider.request({ method: "eth_accounts" })) as string[])
    .slice(0, TEST_ACCOUNT_COUNT)
    .map((account) => getAddress(account));
  const [deployer, ...others] = accounts;
  if (deployer === undefined) throw new Error("The local chain exposes no accounts.");
  const walletClient = createWalletClient({ transport, account: deployer });
  for (const account of others) {
    const balance = await publicClient.readContract({
      address: pooToken,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [account],
    });
    if (balance >= pooEach) continue;
    const hash = await walletClient.writeContract({
      address: pooToken,
      abi: erc20Abi,
      functionName: "transfer",
      args: [account, pooEach - balance],
      account: deployer,
      chain: null, // whatever chain the provider serves
    });
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    if (receipt.status !== "success") throw new Error(`POO transfer to ${account} reverted (tx ${hash})`);
  }
  return accounts;
}
