/** pino's levels; "silent" writes nothing. */
export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** How long the database may take before a request is answered 503 (and other bounds), in ms. */
export type DatabaseTimeouts = {
  /** PostgreSQL: connecting, or waiting for a free connection of the pool. */
  connectMs: number;
  /** PostgreSQL: one statement (statement_timeout; the client gives up DATABASE_SILENCE_MARGIN_MS later if the server is silent). */
  statementMs: number;
  /** PostgreSQL: waiting for a row or table lock (lock_timeout). */
  lockMs: number;
  /** PostgreSQL: waiting at start-up for another instance's migration lock before refusing to start. */
  migrationLockWaitMs: number;
  /** SQLite: waiting (without blocking other requests) for the write lock another process holds. */
  sqliteBusyMs: number;
};

/** Each request-time bound below the instance's answer deadline (answerBudget.ts); start-up waits longer. */
export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  connectMs: 1_000,
  statementMs: 1_500,
  lockMs: 1_000,
  migrationLockWaitMs: 60_000,
  sqliteBusyMs: 2_000,
};

/** Everything the API server needs from its environment, already validated. */
export type ServerConfig = {
  nodeEnv: "development" | "test" | "production";
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** Without a key the price comes from devPooPriceUsd. */
  cmcApiKey: string | undefined;
  devPooPriceUsd: number;
  /** Session cookie keys: the first signs, every one verifies (SESSION_SECRET=new,old rotates). */
  sessionSecrets: string[];
  /** A session unused this long ends (SESSION_IDLE_TIMEOUT_MINUTES). */
  sessionIdleTimeoutMs: number;
  /**
   * Whitelist decisions: the oldest quote one may use (ELIGIBILITY_PRICE_MAX_AGE_MINUTES) and the
   * window sharing one price per launch (ELIGIBILITY_PRICE_WINDOW_MINUTES).
   */
  eligibilityPrice: { maxAgeMs: number; windowMs: number };
  allowedOrigins: string[];
  allowedChainIds: number[];
  /**
   * The providers of each chain, in the order they are tried (the first that answers): the server's
   * own reads and the browser's reads through POST /api/rpc/<chainId>. Their paths often hold keys:
   * never sent to a browser, never logged.
   */
  rpcUrls: Record<number, string[]>;
  deploymentsDir: string;
  /** SQLite file, or ":memory:"; used when databaseUrl is not set. */
  databasePath: string;
  /** PostgreSQL connection URL; when set, every store lives there (several instances share it). */
  databaseUrl: string | undefined;
  /** Connections per instance to PostgreSQL. */
  databasePoolSize: number;
  databaseTimeouts: DatabaseTimeouts;
  /** Proxies (addresses or CIDRs) whose X-Forwarded-For entries are believed; empty: none. */
  trustedProxies: string[];
  /** Seed three months of sample prices into an empty history (the local stack; never production). */
  seedSamplePriceHistory: boolean;
  registrableLaunchIds: string[];
  /** CoinMarketCap's API origin (a stand-in for tests and offline rigs). */
  cmcApiUrl: string;
  logLevel: LogLevel;
  /** The built web app (`npm run build`), served by `npm run serve` beside the API. */
  siteDir: string;
  /** The activity indexer (indexer/, `ponder start` or `ponder serve`), passed through under /indexer. */
  indexerUrl: string | undefined;
  /**
   * Strict-Transport-Security: auto sends it when the request came over https (a trusted proxy's
   * X-Forwarded-Proto), always on every answer, off never.
   */
  hsts: "auto" | "always" | "off";
  /** How long a SIGTERM waits for requests in flight before closing their connections. */
  shutdownTimeoutMs: number;
  /** Prometheus metrics on a listener of their own; undefined: not served. */
  metrics: { host: string; port: number; token: string | undefined } | undefined;
};
