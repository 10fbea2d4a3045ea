/**
 * Ports used by the browser tests, read from the environment so that two runs on one machine (or a run
 * next to `npm start` / `npm run dev`) do not collide. The defaults avoid the dev ports (chain 8545,
 * vite 5173/4173, API 8787).
 */
function portFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new Error(`${name} must be a TCP port number (1-65535), got "${raw}"`);
  }
  return port;
}

export interface E2ePorts {
  /** The app stack's local chain (JSON-RPC over HTTP and WebSocket). */
  readonly chain: number;
  /** The web app under test. */
  readonly web: number;
  /** The app's API server (price proxy, sign-in). */
  readonly api: number;
  /** First port of the chains the wallet tests start, one per Playwright worker (base + worker index). */
  readonly walletChain: number;
  /** The stack's local explorer (transaction pages the app's "here" links open). */
  readonly explorer: number;
  /** The stack's activity indexer (Ponder); the app reaches it under <web>/indexer. */
  readonly indexer: number;
}

/** The Sepolia look-alike's stack (the `sepolia` Playwright project), next to the app's. */
export interface E2eSepoliaPorts extends Pick<E2ePorts, "chain" | "web" | "api" | "indexer"> {
  /** The counting proxy in front of the chain that the API's gateway relays to (its working provider). */
  readonly providerProxy: number;
  /** The counting proxy the web app's public RPC points at (read when the gateway does not answer). */
  readonly publicProxy: number;
}

export const e2eSepoliaPorts: E2eSepoliaPorts = {
  chain: portFromEnv("E2E_SEPOLIA_CHAIN_PORT", 8655),
  web: portFromEnv("E2E_SEPOLIA_WEB_PORT", 4283),
  api: portFromEnv("E2E_SEPOLIA_API_PORT", 8697),
  providerProxy: portFromEnv("E2E_SEPOLIA_PROXY_PORT", 8656),
  publicProxy: portFromEnv("E2E_SEPOLIA_PUBLIC_PROXY_PORT", 8657),
  indexer: portFromEnv("E2E_SEPOLIA_INDEXER_PORT", 8659),
};

/**
 * The MetaMask project's stack (the same local stack as the app's), on its own ports: the two projects
 * run side by side (playwright.config.ts).
 */
export type E2eMetaMaskPorts = Pick<E2ePorts, "chain" | "web" | "api" | "explorer">;

export const e2eMetaMaskPorts: E2eMetaMaskPorts = {
  chain: portFromEnv("E2E_METAMASK_CHAIN_PORT", 8665),
  web: portFromEnv("E2E_METAMASK_WEB_PORT", 4293),
  api: portFromEnv("E2E_METAMASK_API_PORT", 8707),
  explorer: portFromEnv("E2E_METAMASK_EXPLORER_PORT", 8666),
};

export const e2ePorts: E2ePorts = {
  chain: portFromEnv("E2E_CHAIN_PORT", 8645),
  web: portFromEnv("E2E_WEB_PORT", 4273),
  api: portFromEnv("E2E_API_PORT", 8687),
  walletChain: portFromEnv("E2E_WALLET_CHAIN_PORT", 8650),
  explorer: portFromEnv("E2E_EXPLORER_PORT", 8646),
  indexer: portFromEnv("E2E_INDEXER_PORT", 8649),
};

/**
 * The production project's stack: nginx (the site's origin, `web`) in front of two `npm run serve`
 * instances sharing one PostgreSQL, on the local chain, and of the activity indexer's two replicas.
 */
export interface E2eProductionPorts extends Pick<E2ePorts, "chain" | "web"> {
  /** The two instances nginx forwards to. */
  readonly instances: readonly [number, number];
  /** The activity indexer's one writing process (`ponder start` on PostgreSQL). */
  readonly indexer: number;
  /** The indexer's two read replicas (`ponder serve`) nginx sends /indexer to. */
  readonly indexerReplicas: readonly [number, number];
}

export const e2eProductionPorts: E2eProductionPorts = {
  chain: portFromEnv("E2E_PRODUCTION_CHAIN_PORT", 8675),
  web: portFromEnv("E2E_PRODUCTION_WEB_PORT", 4303),
  instances: [
    portFromEnv("E2E_PRODUCTION_INSTANCE_A_PORT", 8717),
    portFromEnv("E2E_PRODUCTION_INSTANCE_B_PORT", 8718),
  ],
  indexer: portFromEnv("E2E_PRODUCTION_INDEXER_PORT", 8719),
  indexerReplicas: [
    portFromEnv("E2E_PRODUCTION_INDEXER_REPLICA_A_PORT", 8720),
    portFromEnv("E2E_PRODUCTION_INDEXER_REPLICA_B_PORT", 8721),
  ],
};

/**
 * The multihost project's test network (Linux network namespaces it makes itself, 10.77.0.0/24 inside
 * the 10.77.0.0/16 range set aside for test networks): nginx, two instances and PostgreSQL each on a
 * host of its own, the browser, the chain and the market-data stand-in in the root namespace.
 */
export interface E2eMultiHostNetwork {
  /** Prefix of every namespace and link it makes (poo-mh-nginx, poo-mh-a, …, the bridge poo-mh-br). */
  readonly prefix: string;
  /** The /24's first three octets: the bridge (root namespace) is .1, the hosts .10 upward. */
  readonly subnet: string;
  /** Host names in address order: nginx .10, a .11, b .12, pg .13. */
  readonly hosts: readonly ["nginx", "a", "b", "pg"];
}

export const e2eMultiHostNetwork: E2eMultiHostNetwork = {
  prefix: "poo-mh",
  subnet: "10.77.0",
  hosts: ["nginx", "a", "b", "pg"],
};

export interface E2eMultiHostPorts extends Pick<E2ePorts, "chain" | "web"> {
  /** nginx listens on `web` at its host's address; each instance on `instance` at its own. */
  readonly instance: number;
  /** The market-data stand-in, reached from the instances' hosts through the bridge. */
  readonly marketData: number;
}

export const e2eMultiHostPorts: E2eMultiHostPorts = {
  chain: portFromEnv("E2E_MULTIHOST_CHAIN_PORT", 8685),
  web: portFromEnv("E2E_MULTIHOST_WEB_PORT", 4313),
  instance: portFromEnv("E2E_MULTIHOST_INSTANCE_PORT", 8727),
  marketData: portFromEnv("E2E_MULTIHOST_MARKET_DATA_PORT", 8686),
};

/** The address of one of the multihost project's test hosts. */
export function multiHostAddress(host: E2eMultiHostNetwork["hosts"][number]): string {
  return `${e2eMultiHostNetwork.subnet}.${10 + e2eMultiHostNetwork.hosts.indexOf(host)}`;
}
