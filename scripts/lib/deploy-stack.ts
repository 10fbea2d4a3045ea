import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { getAddress, parseEther } from "viem";
import type {
  Abi,
  Account,
  Address,
  Chain,
  Client,
  Hash,
  Hex,
  PublicClient,
  Transport,
  WalletClient,
} from "viem";
import { z } from "zod";
import { loadArtifact } from "./artifacts.ts";

/** Local chain defaults (scripts/local-stack and tests use them; Sepolia reads its own from env). */
export const LOCAL_MIN_STAKE: bigint = parseEther("100"); // 100 POO per stake call
export const LOCAL_MIN_STAKE_DURATION: bigint = 86_400n; // 1 day, in seconds
export const LOCAL_REWARD_RATE: bigint = parseEther("0.01"); // 0.01 CRAP per second, whole pool
export const LOCAL_REWARD_FUND: bigint = parseEther("1000000"); // 1,000,000 CRAP in the reserve
export const LOCAL_SEED_POO_EACH: bigint = parseEther("1000000"); // per demo account
export const LOCAL_SEED_ACCOUNT_COUNT = 5; // the first five Hardhat accounts
/** ReferenceStaking's private rate: CRAP base units per whole POO per second (150 POO earn 0.015 CRAP/s). */
export const LOCAL_REFERENCE_REWARD_PER_TOKEN: bigint = parseEther("0.0001");

/** The local defaults in one object; spread it into deployStack's options. */
export const LOCAL_DEFAULTS = {
  minStake: LOCAL_MIN_STAKE,
  minStakeDuration: LOCAL_MIN_STAKE_DURATION,
  rewardRate: LOCAL_REWARD_RATE,
  rewardFund: LOCAL_REWARD_FUND,
  seedPooEach: LOCAL_SEED_POO_EACH,
  seedAccountCount: LOCAL_SEED_ACCOUNT_COUNT,
} as const;

/** POO minted to the deployer when neither `pooSupply` nor `seed` is given. */
export const DEFAULT_POO_SUPPLY: bigint = parseEther("100000000"); // 100M POO

/** Where viem looks for Multicall3 on every chain; the local chain gets Multicall3Local there. */
export const MULTICALL3_ADDRESS: Address = "0xcA11bde05977b3631167028862bE2a173976CA11";
export const LOCAL_CHAIN_ID = 31337;

/**
 * Which staking contract to deploy: `Staking` (ours, the full one) or `ReferenceStaking` (written from
 * the product spec's interface alone, `require` reverts, none of the optional reads).
 */
export type StakingContractName = "Staking" | "ReferenceStaking";

export interface DeployStackOptions {
  publicClient: PublicClient<Transport, Chain | undefined>;
  /** The deployer; it becomes owner of all three contracts and keeps the tokens not seeded. */
  walletClient: WalletClient<Transport, Chain | undefined, Account>;
  /** POO base units per stake call. */
  minStake: bigint;
  /** Seconds. */
  minStakeDuration: bigint;
  /** CRAP base units per second for the whole pool (Staking). */
  rewardRate: bigint;
  /** Default `Staking`. */
  stakingContract?: StakingContractName;
  /** ReferenceStaking only: CRAP base units per whole POO per second; default LOCAL_REFERENCE_REWARD_PER_TOKEN. */
  rewardPerTokenPerSecond?: bigint;
  /** CRAP base units moved into the reward reserve (0 skips funding). */
  rewardFund: bigint;
  /** POO sent to each account; the deployer is skipped if listed (it keeps its share). */
  seed?: { accounts: Address[]; pooEach: bigint };
  /**
   * POO minted to the deployer. Default: with a seed, exactly `pooEach` per seeded account plus
   * `pooEach` for the deployer (so every demo account, #0 included, holds the same amount);
   * without, DEFAULT_POO_SUPPLY.
   */
  pooSupply?: bigint;
  /** CRAP minted to the deployer. Default: exactly `rewardFund` (the owner can mint more later). */
  crapSupply?: bigint;
  artifactsDir?: string;
  /** Progress lines; silent when omitted. */
  log?: (message: string) => void;
}

/**
 * What a deployment leaves behind, JSON-safe: token amounts and durations as decimal strings;
 * the block number stays a number (always below 2^53) because src/app/config/deploymentSchema.ts
 * reads it as one.
 */
// A type alias rather than an interface so it is assignable to zod loose-object types.
export type Deployment = {
  chainId: number;
  pooToken: Address;
  crapToken: Address;
  staking: Address;
  deployBlock: number;
  deployer: Address;
  minStake: string;
  minStakeDuration: string;
  /** The staking contract's name: tests and tools read it; the web app finds out what it can read on chain. */
  stakingContract: StakingContractName;
};

const address = z.string().transform((value, ctx) => {
  try {
    return getAddress(value);
  } catch {
    ctx.addIssue({ code: "custom", message: `not an address: ${value}` });
    return z.NEVER;
  }
});
const decimal = z.string().regex(/^\d+$/, "a decimal integer string");

/** Validates a deployments/<chainId>.json document. */
export const deploymentSchema = z.object({
  chainId: z.number().int().positive(),
  pooToken: address,
  crapToken: address,
  staking: address,
  deployBlock: z.number().int().nonnegative(),
  deployer: address,
  minStake: decimal,
  minStakeDuration: decimal,
  stakingContract: z.enum(["Staking", "ReferenceStaking"]).default("Staking"),
});

/** Parses a deployment document; throws a ZodError naming each bad field. */
export function parseDeployment(json: unknown): Deployment {
  return deploymentSchema.parse(json);
}

/**
 * Deploys PooToken, CrapToken and Staking with plain viem clients against any JSON-RPC endpoint,
 * wires them (staking contract on POO, reward fund, reward rate) and seeds POO to demo accounts.
 * Every transaction waits for its receipt and must succeed before the next one is sent.
 */
export async function deployStack(options: DeployStackOptions): Promise<Deployment> {
  const { publicClient, walletClient } = options;
  const log = options.log ?? (() => {});
  const deployer = getAddress(walletClient.account.address); // JSON-RPC accounts may be lowercase
  const chain = walletClient.chain ?? null;
  const stakingContract = options.stakingContract ?? "Staking";
  const [pooArtifact, crapArtifact, stakingArtifact] = await Promise.all(
    ["PooToken", "CrapToken", stakingContract].map((name) => loadArtifact(name, options.artifactsDir)),
  );
  if (pooArtifact === undefined || crapArtifact === undefined || stakingArtifact === undefined) {
    throw new Error("unreachable: three artifacts requested");
  }

  const confirm = async (label: string, hash: Hash) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`${label} reverted (tx ${hash})`);
    log(`${label}: ok (tx ${hash})`);
    return receipt;
  };
  const deploy = async (label: string, abi: Abi, bytecode: Hex, args: readonly unknown[]) => {
    const hash = await walletClient.deployContract({
      abi,
      bytecode,
      args,
      account: walletClient.account,
      chain,
    });
    const receipt = await confirm(`deploy ${label}`, hash);
    if (!receipt.contractAddress) throw new Error(`deploy ${label}: no contract address in receipt`);
    return { address: getAddress(receipt.contractAddress), blockNumber: receipt.blockNumber };
  };
  const send = async (
    label: string,
    target: Address,
    abi: Abi,
    functionName: string,
    args: readonly unknown[],
  ) => {
    const hash = await walletClient.writeContract({
      address: target,
      abi,
      functionName,
      args,
      account: walletClient.account,
      chain,
    });
    await confirm(label, hash);
  };

  const seedAccounts = [...new Set((options.seed?.accounts ?? []).map((a) => getAddress(a)))].filter(
    (a) => a !== deployer,
  );
  const pooEach = options.seed?.pooEach ?? 0n;
  const pooSupply =
    options.pooSupply ?? (options.seed ? pooEach * BigInt(seedAccounts.length + 1) : DEFAULT_POO_SUPPLY);

  const poo = await deploy("PooToken", pooArtifact.abi, pooArtifact.bytecode, [deployer, pooSupply]);
  const crap = await deploy("CrapToken", crapArtifact.abi, crapArtifact.bytecode, [
    deployer,
    options.crapSupply ?? options.rewardFund,
  ]);
  const staking = await deploy(
    stakingContract,
    stakingArtifact.abi,
    stakingArtifact.bytecode,
    stakingContract === "Staking"
      ? [poo.address, crap.address, options.minStake, options.minStakeDuration, deployer]
      : [
          poo.address,
          crap.address,
          options.minStake,
          options.minStakeDuration,
          options.rewardPerTokenPerSecond ?? LOCAL_REFERENCE_REWARD_PER_TOKEN,
        ],
  );

  await send("POO.setStakingContract", poo.address, pooArtifact.abi, "setStakingContract", [staking.address]);
  if (stakingContract === "Staking") {
    if (options.rewardFund > 0n) {
      await send("CRAP.approve", crap.address, crapArtifact.abi, "approve", [
        staking.address,
        options.rewardFund,
      ]);
      await send("Staking.fundRewards", staking.address, stakingArtifact.abi, "fundRewards", [
        options.rewardFund,
      ]);
    }
    await send("Staking.setRewardRate", staking.address, stakingArtifact.abi, "setRewardRate", [
      options.rewardRate,
    ]);
  } else if (options.rewardFund > 0n) {
    // The spec's interface has no funding function: the pool pays from its CRAP balance.
    await send("CRAP.transfer ReferenceStaking", crap.address, crapArtifact.abi, "transfer", [
      staking.address,
      options.rewardFund,
    ]);
  }

  for (const account of seedAccounts) {
    await send(`POO.transfer ${account}`, poo.address, pooArtifact.abi, "transfer", [account, pooEach]);
  }

  return {
    chainId: await publicClient.getChainId(),
    pooToken: poo.address,
    crapToken: crap.address,
    staking: staking.address,
    deployBlock: Number(poo.blockNumber),
    deployer,
    minStake: options.minStake.toString(),
    minStakeDuration: options.minStakeDuration.toString(),
    stakingContract,
  };
}

/**
 * Puts Multicall3Local's runtime code at the canonical Multicall3 address so viem's
 * `batch.multicall` batches reads on the local chain exactly as on Sepolia. Hardhat's simulated
 * chains only (the local chain, the Sepolia look-alike of the browser tests): never a real network.
 */
export async function installMulticall3(client: Client, artifactsDir?: string): Promise<Address> {
  // Hardhat-only RPC methods are not in viem's public schema, hence the untyped request.
  const request = client.request as unknown as (args: {
    method: string;
    params?: unknown[];
  }) => Promise<unknown>;
  const clientVersion = String(await request({ method: "web3_clientVersion" }));
  if (!clientVersion.startsWith("HardhatNetwork/")) {
    throw new Error(`installMulticall3 only runs on a Hardhat simulated chain, not on ${clientVersion}`);
  }
  const { deployedBytecode } = await loadArtifact("Multicall3Local", artifactsDir);
  await request({ method: "hardhat_setCode", params: [MULTICALL3_ADDRESS, deployedBytecode] });
  const installed = await request({ method: "eth_getCode", params: [MULTICALL3_ADDRESS, "latest"] });
  if (installed !== deployedBytecode) throw new Error("hardhat_setCode did not install Multicall3Local");
  return MULTICALL3_ADDRESS;
}

/**
 * Writes `<dir>/<chainId>.json` (pretty JSON) and returns its path. Synchronous on purpose: the
 * file is tiny and callers start readers (web app, API) right after it.
 */
export function writeDeployment(dir: string, deployment: Deployment): string {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${deployment.chainId}.json`);
  writeFileSync(file, `${JSON.stringify(deployment, null, 2)}\n`, "utf8");
  return file;
}
