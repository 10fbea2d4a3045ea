import { createRequire } from "node:module";
import hardhatToolboxViemPlugin from "@nomicfoundation/hardhat-toolbox-viem";
import { configVariable, defineConfig, task } from "hardhat/config";

const require = createRequire(import.meta.url);

// The compiler comes from the `solc` npm package: these machines cannot download compilers.
const SOLC_VERSION = "0.8.28";

export default defineConfig({
  plugins: [hardhatToolboxViemPlugin],
  solidity: {
    version: SOLC_VERSION,
    path: require.resolve("solc/soljson.js"),
    settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: "cancun" },
  },
  paths: { tests: { nodejs: "test" } },
  tasks: [
    task("deploy", "Deploy POO, CRAP and Staking with Ignition and write deployments/<chainId>.json")
      .addFlag({ name: "verify", description: "Verify the contracts on the enabled explorers afterwards" })
      .setAction(() => import("./scripts/deploy.ts"))
      .build(),
  ],
  // `npm run deploy -- --network sepolia --verify` (and `ignition verify`): Etherscan takes this key
  // (keystore or environment); Blockscout and Sourcify need none.
  verify: { etherscan: { apiKey: configVariable("ETHERSCAN_API_KEY") } },
  networks: {
    hardhatMainnet: { type: "edr-simulated", chainType: "l1" },
    // A local chain that looks like Sepolia (its chain id) for the Sepolia-mode browser tests and
    // benchmarks: the rig deploys with automine, then switches to interval mining (12-second blocks).
    // Blocks may share a timestamp, so the deployment's dozens of automined blocks do not push the
    // chain's clock ahead of the wall clock by a second each (scripts/lib/local-stack.ts then sets
    // it to the wall clock).
    sepoliaSimulated: {
      type: "edr-simulated",
      chainType: "l1",
      chainId: 11155111,
      allowBlocksWithSameTimestamp: true,
    },
    localhost: { type: "http", chainType: "l1", url: "http://127.0.0.1:8545" },
    sepolia: {
      type: "http",
      chainType: "l1",
      url: configVariable("SEPOLIA_RPC_URL"),
      accounts: [configVariable("SEPOLIA_PRIVATE_KEY")],
    },
  },
});
