import {
  getAddress,
  parseEther,
  type Abi,
  type Address,
  type Hash,
  type Hex,
  type PublicClient,
  type WalletClient,
  type Account,
  type Chain,
  type Transport,
} from "viem";
import { loadArtifact } from "../../../scripts/lib/artifacts";

/** What the batching specs use of the pool. */
export interface DeployedPool {
  readonly pooToken: Address;
  readonly staking: Address;
  readonly minStake: bigint;
  readonly owner: Address;
}

/** The local stack's minimum stake and lock (ignition/parameters/localhost.json has the same). */
const MIN_STAKE = parseEther("100");
const MIN_STAKE_DURATION = 86_400n;
const SUPPLY = parseEther("1000000");

/**
 * PooToken, CrapToken and Staking straight from Hardhat's artifacts, wired as the real deployment wires
 * them (POO knows its pool), with `seedEach` POO sent to each of `seed`. Plain viem and no deployment
 * framework: a spec's set-up, mined in a second on the in-process chain, and reverted with its snapshot.
 */
export async function deployPool(
  publicClient: PublicClient,
  walletClient: WalletClient<Transport, Chain, Account>,
  { seed, seedEach }: { seed: readonly Address[]; seedEach: bigint },
): Promise<DeployedPool> {
  const owner = getAddress(walletClient.account.address);
  const mined = async (hash: Hash): Promise<Address | null | undefined> => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`pool set-up transaction ${hash} reverted`);
    return receipt.contractAddress;
  };
  const deploy = async (name: string, args: readonly unknown[]): Promise<{ address: Address; abi: Abi }> => {
    const { abi, bytecode } = await loadArtifact(name);
    const address = await mined(await walletClient.deployContract({ abi, bytecode: bytecode as Hex, args }));
    if (!address) throw new Error(`${name} was not deployed`);
    return { address: getAddress(address), abi };
  };
  const poo = await deploy("PooToken", [owner, SUPPLY]);
  const crap = await deploy("CrapToken", [owner, SUPPLY]);
  const staking = await deploy("Staking", [poo.address, crap.address, MIN_STAKE, MIN_STAKE_DURATION, owner]);
  const write = async (functionName: string, args: readonly unknown[]) =>
    mined(await walletClient.writeContract({ address: poo.address, abi: poo.abi, functionName, args }));
  await write("setStakingContract", [staking.address]);
  for (const account of seed) await write("transfer", [account, seedEach]);
  return { pooToken: poo.address, staking: staking.address, minStake: MIN_STAKE, owner };
}
