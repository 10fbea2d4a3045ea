/** What an instance of the production project's stack is started with, besides its port. */
export interface ProductionInstanceSettings {
  /** The site's origin as the browser sees it: nginx, http://127.0.0.1:<port>. */
  readonly webUrl: string;
  readonly chainId: number;
  readonly chainUrl: string;
  readonly cmcApiUrl: string;
  readonly cmcApiKey: string;
  readonly sessionSecret: string;
  readonly databaseUrl: string;
  readonly deploymentsDir: string;
}

/**
 * The environment of each `npm run serve` instance behind the production project's nginx: NODE_ENV
 * production with every production variable set, so every production check applies, except the two
 * this topology cannot meet, which ALLOW_LOCAL_CHAIN relaxes: the site's origin is on loopback (the
 * tests' servers bind 127.0.0.1 only) and its chain is the local Hardhat chain 31337 (no public chain
 * offline). productionInstanceEnv.test.ts holds it to exactly those two.
 */
export function productionInstanceEnv(settings: ProductionInstanceSettings): Record<string, string> {
  return {
    NODE_ENV: "production",
    ALLOW_LOCAL_CHAIN: "true",
    LOG_LEVEL: "warn",
    SESSION_SECRET: settings.sessionSecret,
    CMC_API_KEY: settings.cmcApiKey,
    CMC_API_URL: settings.cmcApiUrl,
    DATABASE_URL: settings.databaseUrl,
    // nginx runs on this machine: its address is the only proxy whose X-Forwarded-For counts.
    TRUSTED_PROXIES: "127.0.0.1",
    SIWE_ALLOWED_ORIGINS: settings.webUrl,
    SIWE_ALLOWED_CHAIN_IDS: String(settings.chainId),
    [`CHAIN_RPC_URL_${settings.chainId}`]: settings.chainUrl,
    DEPLOYMENTS_DIR: settings.deploymentsDir,
  };
}
