import { createPublicClient, http, type Hash } from "viem";
import type { Deployment } from "../../../src/app/config/deploymentSchema";
import { knownContracts } from "./knownContracts";
import { readTransaction } from "./readTransaction";
import { startLocalExplorer, type LocalExplorer } from "./startLocalExplorer";

export interface ExplorerForChainOptions {
  readonly chainUrl: string;
  readonly deployment: Deployment;
  readonly port: number;
  readonly appUrl: string | undefined;
  readonly log?: (message: string) => void;
}

/** The local explorer over a chain's JSON-RPC, naming and decoding the deployment's contracts. */
export function startExplorerForChain(options: ExplorerForChainOptions): Promise<LocalExplorer> {
  // No cache: a page asked for right after a block must see it.
  const client = createPublicClient({ transport: http(options.chainUrl, { retryCount: 0 }), cacheTime: 0 });
  const contracts = knownContracts(options.deployment);
  return startLocalExplorer({
    chainId: options.deployment.chainId,
    appUrl: options.appUrl,
    port: options.port,
    log: options.log,
    lookup: (hash: Hash) => readTransaction(client, hash, contracts),
  });
}
