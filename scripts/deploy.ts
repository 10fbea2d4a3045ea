/**
 * The `deploy` task (`npm run deploy -- --network <name> [--verify]`): deploys ignition/modules/Staking.ts
 * (POO, CRAP and the pool, wired) with Hardhat Ignition's own `ignition deploy`, with the parameters of
 * ignition/parameters/<network>.json, then writes deployments/<chainId>.json from Ignition's journal.
 *
 * A run that stopped half-way resumes from the journal (ignition/deployments/chain-<chainId>/): what
 * is already on chain is not sent again. On a local Hardhat node (chain 31337) it then installs
 * Multicall3 and tops the first five accounts up to 1,000,000 POO each, as the local stack does.
 * Secrets (SEPOLIA_PRIVATE_KEY, ETHERSCAN_API_KEY...) come from Hardhat's keystore or the environment;
 * a .env file in the repository root is read when present. See docs/contracts.md.
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { parseEnv } from "node:util";
import { HardhatArtifactResolver, readDeploymentParameters } from "@nomicfoundation/hardhat-ignition/helpers";
import type { DeploymentResult } from "@nomicfoundation/ignition-core";
import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import { formatEther } from "viem";
import { deploymentFromJournal } from "./lib/ignition/deploymentFromJournal.ts";
import { IGNITION_DIR, parametersFile } from "./lib/ignition/ignitionPaths.ts";
import { resolveStakingParameters, type StakingParameters } from "./lib/ignition/stakingParameters.ts";
import { installMulticall3 } from "./lib/installMulticall3.ts";
import { seedTestAccounts } from "./lib/seedTestAccounts.ts";
import { writeDeployment } from "./lib/writeDeployment.ts";

const LOCAL_CHAIN_ID = 31337;

interface DeployTaskArguments {
  verify: boolean;
}

export default async function deployTask(
  { verify }: DeployTaskArguments,
  hre: HardhatRuntimeEnvironment,
): Promise<void> {
  const rootDir = hre.config.paths.root;
  loadEnvFile(path.join(rootDir, ".env"));

  const connection = await hre.network.create();
  const { networkName, provider } = connection;
  if (connection.networkConfig.type === "edr-simulated") {
    fail([
      `--network ${networkName} is a chain inside this command, gone when it ends: name a running one ` +
        "(localhost for `npx hardhat node --hostname 127.0.0.1`, sepolia). `npm start` deploys its own chain.",
    ]);
  }
  const file = parametersFile(networkName);
  if (!existsSync(file)) {
    const known = readdirSync(path.dirname(file)).map((name) => path.basename(name, ".json"));
    fail([
      `no parameters for network ${networkName}: write ${path.relative(rootDir, file)} (there are: ${known.join(", ")})`,
    ]);
  }
  let values: StakingParameters;
  try {
    values = resolveStakingParameters(await readDeploymentParameters(file), "Staking");
  } catch (error) {
    fail([`${path.relative(rootDir, file)}: ${error instanceof Error ? error.message : String(error)}`]);
  }

  let chainId: number;
  try {
    chainId = Number(await provider.request({ method: "eth_chainId" }));
  } catch (error) {
    const where =
      connection.networkConfig.type === "http" ? await originOf(connection.networkConfig.url) : "";
    fail([
      `network ${networkName}${where ? ` (${where})` : ""} does not answer (${innermostMessage(error)}): ` +
        "start its node (`npx hardhat node --hostname 127.0.0.1` for localhost) or check its URL",
    ]);
  }
  const [deployer] = (await provider.request({ method: "eth_accounts" })) as string[];
  if (deployer === undefined)
    fail([`network ${networkName} has no account to deploy from: set its private key`]);
  console.log(`Deploying ignition/modules/Staking.ts to ${networkName} (chain ${chainId}) from ${deployer}`);
  console.log(
    `  parameters ${path.relative(rootDir, file)}: min stake ${formatEther(values.minStake)} POO, ` +
      `lock ${values.minStakeDuration} s, rate ${formatEther(values.rewardRate ?? 0n)} CRAP/s, ` +
      `fund ${formatEther(values.rewardFund)} CRAP, POO supply ${formatEther(values.pooSupply)}`,
  );

  const result = (await hre.tasks.getTask(["ignition", "deploy"]).run({
    modulePath: path.join(IGNITION_DIR, "modules", "Staking.ts"),
    parameters: file,
    verify,
  })) as DeploymentResult | null;
  if (result?.type !== "SUCCESSFUL_DEPLOYMENT") {
    // Ignition has said why (or the deployment was not confirmed); its journal keeps what was done.
    process.exitCode = 1;
    return;
  }

  const deployment = await deploymentFromJournal({
    deploymentDir: path.join(hre.config.paths.ignition, "deployments", `chain-${chainId}`),
    provider,
    artifactResolver: new HardhatArtifactResolver(hre.artifacts),
    stakingContract: "Staking",
  });
  const clientVersion = String(await provider.request({ method: "web3_clientVersion" }));
  if (chainId === LOCAL_CHAIN_ID && clientVersion.startsWith("HardhatNetwork/")) {
    // Local-only: what the app's test accounts need, never part of the modules.
    await installMulticall3(provider);
    const seeded = await seedTestAccounts(provider, deployment.pooToken);
    console.log(`Local chain: Multicall3 installed, ${seeded.length} accounts hold 1,000,000 POO each`);
  }
  const written = writeDeployment(path.join(rootDir, "deployments"), deployment);
  console.log(`
PooToken   ${deployment.pooToken}
CrapToken  ${deployment.crapToken}
Staking    ${deployment.staking}
Block      ${deployment.deployBlock}
Written to ${path.relative(rootDir, written)}`);
}

/**
 * Sets the file's variables that the environment does not set already, before the network connection
 * resolves its configuration variables. Empty values count as unset, as in `.env.example`.
 */
function loadEnvFile(file: string): void {
  if (!existsSync(file)) return;
  for (const [name, value] of Object.entries(parseEnv(readFileSync(file, "utf8")))) {
    if (value !== "" && process.env[name] === undefined) process.env[name] = value;
  }
}

/** The URL's scheme, host and port only: a provider's URL may carry an API key in its path. */
async function originOf(url: { getUrl(): Promise<string> }): Promise<string> {
  try {
    return new URL(await url.getUrl()).origin;
  } catch {
    return "";
  }
}

/** The root cause's message ("connect ECONNREFUSED 127.0.0.1:8545"), not Hardhat's wrapper's. */
function innermostMessage(error: unknown): string {
  let innermost = error;
  while (innermost instanceof Error && innermost.cause instanceof Error) innermost = innermost.cause;
  return innermost instanceof Error ? innermost.message : String(innermost);
}

function fail(lines: string[]): never {
  console.error(["Cannot deploy:", ...lines.map((line) => `  - ${line}`)].join("\n"));
  process.exit(2);
}
