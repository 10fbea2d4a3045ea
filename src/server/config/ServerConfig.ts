/** Everything the API server needs from its environment, already validated. */
export type ServerConfig = {
  nodeEnv: "development" | "test" | "production";
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** Without a key the price comes from devPooPriceUsd. */
  cmcApiKey: string | undefined;
  devPooPriceUsd: number;
  sessionSecret: string;
  allowedOrigins: string[];
  allowedChainIds: number[];
  /** RPC URL per allowed chain id. */
  rpcUrls: Record<number, string>;
  deploymentsDir: string;
  /** SQLite file, or ":memory:"; used when databaseUrl is not set. */
  databasePath: string;
  /** PostgreSQL connection URL; when set, every store lives there (several instances share it). */
  databaseUrl: string | undefined;
  /** Connections per instance to PostgreSQL. */
  databasePoolSize: number;
  /** Proxies (addresses or CIDRs) whose X-Forwarded-For entries are believed; empty: none. */
  trustedProxies: string[];
  /** Seed three months of sample prices into an empty history (the local stack; never production). */
  seedSamplePriceHistory: boolean;
  registrableLaunchIds: string[];
};
