import { createConfig } from "ponder";
import { getAddress, parseAbi } from "viem";
import { settings } from "./settings.ts";

// The only event the activity needs: ERC-20 Transfer, which the spec's tokens emit.
const erc20TransferAbi = parseAbi([
  "event Transfer(address indexed from, address indexed to, uint256 value)",
]);

const { deployment } = settings;
const staking = getAddress(deployment.staking);

/**
 * One chain, the three contracts of deployments/<chainId>.json from their deployment block. Only
 * transfers that involve the pool are fetched (the filters are topic filters on the provider's side).
 */
export default createConfig({
  database: settings.databaseUrl
    ? { kind: "postgres", connectionString: settings.databaseUrl }
    : { kind: "pglite", directory: settings.pgliteDir },
  chains: {
    chain: {
      id: settings.chainId,
      rpc: settings.rpcUrls.length === 1 ? settings.rpcUrls[0] : settings.rpcUrls,
      // Simulated chains are reverted and replaced under the same id: their stacks turn the RPC cache off.
      disableCache: settings.disableRpcCache,
      pollingInterval: settings.pollingIntervalMs,
      ...(settings.getLogsBlockRange ? { ethGetLogsBlockRange: settings.getLogsBlockRange } : {}),
    },
  },
  // One contract per direction: Ponder keeps one filter per event of a contract (a second Transfer
  // filter on the same contract would replace the first), so POO in and POO out are two sources.
  contracts: {
    PooIntoPool: {
      chain: "chain",
      abi: erc20TransferAbi,
      address: getAddress(deployment.pooToken),
      startBlock: deployment.deployBlock,
      filter: { event: "Transfer", args: { to: staking } },
    },
    PooOutOfPool: {
      chain: "chain",
      abi: erc20TransferAbi,
      address: getAddress(deployment.pooToken),
      startBlock: deployment.deployBlock,
      filter: { event: "Transfer", args: { from: staking } },
    },
    CrapOutOfPool: {
      chain: "chain",
      abi: erc20TransferAbi,
      address: getAddress(deployment.crapToken),
      startBlock: deployment.deployBlock,
      filter: { event: "Transfer", args: { from: staking } },
    },
  },
});
