/**
 * `npm run deploy -- --network <localhost|sepolia> [--rpc-url <url>]`: deploys POO, CRAP and Staking
 * to any JSON-RPC endpoint and writes deployments/<chainId>.json.
 *
 * Environment (a .env file in the repo root is loaded when present; empty values count as unset):
 *   RPC_URL               endpoint; falls back to SEPOLIA_RPC_URL with --network sepolia and to
 *                         http://127.0.0.1:8545 with --network localhost. --rpc-url wins over all.
 *   DEPLOYER_PRIVATE_KEY  0x + 64 hex; falls back to SEPOLIA_PRIVATE_KEY with --network sepolia and to
 *                         the public Hardhat account #0 key on the local chain (31337) only.
 *   MIN_STAKE, MIN_STAKE_DURATION, REWARD_RATE, REWARD_FUND
 *                         base units (18 decimals) or seconds; defaults: LOCAL_* in lib/deploy-stack.ts.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import { createPublicClient, createWalletClient, defineChain, formatEther, http } from "viem";
import type { Chain, Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { hardhat, sepolia } from "viem/chains";
import { z } from "zod";
import {
  LOCAL_CHAIN_ID,
  LOCAL_MIN_STAKE,
  LOCAL_MIN_STAKE_DURATION,
  LOCAL_REWARD_FUND,
  LOCAL_REWARD_RATE,
  LOCAL_SEED_ACCOUNT_COUNT,
  LOCAL_SEED_POO_EACH,
  deployStack,
  installMulticall3,
  writeDeployment,
} from "./lib/deploy-stack.ts";

// Public Hardhat test key #0, printed by every Hardhat node; only ever used against chain 31337.
const HARDHAT_ACCOUNT_0_KEY: Hex = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";

const rootDir = fileURLToPath(new URL("..", import.meta.url));
const envFile = path.join(rootDir, ".env");
if (existsSync(envFile)) process.loadEnvFile(envFile);

const { values: args } = parseArgs({
  options: { network: { type: "string" }, "rpc-url": { type: "string" } },
  strict: true,
});
const network = args.network;

const unsetIfEmpty = (value: unknown) => (value === "" ? undefined : value);
const baseUnits = (fallback: bigint) =>
  z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(/^\d+$/, "must be a non-negative integer (base units or seconds)")
      .transform((value) => BigInt(value))
      .optional()
      .transform((value) => value ?? fallback),
  );
const optionalUrl = z.preprocess(unsetIfEmpty, z.url({ message: "must be an http(s) URL" }).optional());
const optionalKey = z.preprocess(
  unsetIfEmpty,
  z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, "must be 0x followed by 64 hex digits")
    .transform((value) => value as Hex)
    .optional(),
);

const envSchema = z.object({
  RPC_URL: optionalUrl,
  SEPOLIA_RPC_URL: optionalUrl,
  DEPLOYER_PRIVATE_KEY: optionalKey,
  SEPOLIA_PRIVATE_KEY: optionalKey,
  MIN_STAKE: baseUnits(LOCAL_MIN_STAKE).refine((value) => value > 0n, "must be greater than 0"),
  MIN_STAKE_DURATION: baseUnits(LOCAL_MIN_STAKE_DURATION),
  REWARD_RATE: baseUnits(LOCAL_REWARD_RATE),
  REWARD_FUND: baseUnits(LOCAL_REWARD_FUND),
});

function fail(lines: string[]): never {
  console.error(["Cannot deploy:", ...lines.map((line) => `  - ${line}`)].join("\n"));
  process.exit(2);
}

const parsed = envSchema.safeParse(process.env);
if (!parsed.success) {
  fail(parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`));
}
const env = parsed.data;

const cliUrl = args["rpc-url"];
if (cliUrl !== undefined && !z.url().safeParse(cliUrl).success) fail([`--rpc-url: not a URL: ${cliUrl}`]);
const rpcUrl =
  cliUrl ??
  env.RPC_URL ??
  (network === "sepolia" ? env.SEPOLIA_RPC_URL : undefined) ??
  (network === "localhost" ? "http://127.0.0.1:8545" : undefined);
if (rpcUrl === undefined) {
  fail([
    network === "sepolia"
      ? "RPC_URL (or SEPOLIA_RPC_URL): missing"
      : "RPC_URL: missing (or pass --rpc-url <url>, or --network localhost)",
  ]);
}

const transport = http(rpcUrl);
const chainId = await createPublicClient({ transport }).getChainId();
const isLocal = chainId === LOCAL_CHAIN_ID;
const privateKey =
  env.DEPLOYER_PRIVATE_KEY ??
  (network === "sepolia" ? env.SEPOLIA_PRIVATE_KEY : undefined) ??
  (isLocal ? HARDHAT_ACCOUNT_0_KEY : undefined);
if (privateKey === undefined) fail([`DEPLOYER_PRIVATE_KEY: missing (required on chain ${chainId})`]);

const chain: Chain =
  chainId === sepolia.id
    ? sepolia
    : isLocal
      ? hardhat
      : defineChain({
          id: chainId,
          name: network ?? `chain ${chainId}`,
          nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
          rpcUrls: { default: { http: [rpcUrl] } },
        });
const publicClient = createPublicClient({ chain, transport });
const walletClient = createWalletClient({ chain, transport, account: privateKeyToAccount(privateKey) });

console.log(`Deploying to chain ${chainId} (${rpcUrl}) from ${walletClient.account.address}`);
console.log(
  `  min stake ${formatEther(env.MIN_STAKE)} POO, lock ${env.MIN_STAKE_DURATION} s, ` +
    `rate ${formatEther(env.REWARD_RATE)} CRAP/s, fund ${formatEther(env.REWARD_FUND)} CRAP`,
);

// The local chain also gets Multicall3 and the demo accounts' POO, as the local stack does.
let seed: { accounts: `0x${string}`[]; pooEach: bigint } | undefined;
if (isLocal) {
  await installMulticall3(publicClient);
  const accounts = await walletClient.request({ method: "eth_accounts" });
  seed = { accounts: accounts.slice(0, LOCAL_SEED_ACCOUNT_COUNT), pooEach: LOCAL_SEED_POO_EACH };
}

const deployment = await deployStack({
  publicClient,
  walletClient,
  minStake: env.MIN_STAKE,
  minStakeDuration: env.MIN_STAKE_DURATION,
  rewardRate: env.REWARD_RATE,
  rewardFund: env.REWARD_FUND,
  seed,
  log: (message) => console.log(`  ${message}`),
}).catch((error: unknown) => fail([error instanceof Error ? error.message : String(error)]));

const file = writeDeployment(path.join(rootDir, "deployments"), deployment);
console.log(`
PooToken   ${deployment.pooToken}
CrapToken  ${deployment.crapToken}
Staking    ${deployment.staking}
Block      ${deployment.deployBlock}
Written to ${path.relative(rootDir, file)}`);
