import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import type { Context } from "hono";
import type { PublicClient } from "viem";
import { ChainIdHealthCheck } from "./adapters/ChainIdHealthCheck";
import { FileDeploymentSource } from "./adapters/FileDeploymentSource";
import { IndexerHealthCheck } from "./adapters/IndexerHealthCheck";
import { HttpChainProviders } from "./adapters/HttpChainProviders";
import { PinoLogger } from "./adapters/PinoLogger";
import { urlSecretParts } from "./model/urlSecretParts";
import { PublicClientPool } from "./adapters/PublicClientPool";
import { ViemBalanceReader } from "./adapters/ViemBalanceReader";
import { ViemSignatureVerifier } from "./adapters/ViemSignatureVerifier";
import { choosePriceSource } from "./choosePriceSource";
import type { ServerConfig } from "./config/ServerConfig";
import { createApi } from "./createApi";
import { clientAddressResolver } from "./http/clientAddress";
import { servedOverHttps } from "./http/servedOverHttps";
import { siteRoutes } from "./http/siteRoutes";
import { untrustedForwarder } from "./http/untrustedForwarder";
import { apiMetrics } from "./metrics/apiMetrics";
import { indexerMetrics } from "./metrics/indexerMetrics";
import { chainReadMetrics } from "./metrics/chainReadMetrics";
import { ServerMetrics } from "./metrics/ServerMetrics";
import { startMetricsServer, type MetricsServer } from "./metrics/startMetricsServer";
import { CHAIN_READ_LIMITS } from "./model/chainReadLimits";
import { openStores } from "./openStores";
import type { BalanceReader } from "./ports/BalanceReader";
import type { ChainProviders } from "./ports/ChainProviders";
import type { HealthCheck } from "./ports/HealthCheck";
import type { Logger } from "./ports/Logger";
import type { PriceSource } from "./ports/PriceSource";
import type { SignatureVerifier } from "./ports/SignatureVerifier";
import type { Site } from "./site/loadSite";
import { CheckReadiness } from "./use-cases/CheckReadiness";
import { RelayChainReads } from "./use-cases/RelayChainReads";
import { WatchDependencies } from "./use-cases/WatchDependencies";
import { SeedSamplePriceHistory } from "./use-cases/SeedSamplePriceHistory";

export type RunningApiServer = {
  /** e.g. http://127.0.0.1:8787 */
  url: string;
  /** The Prometheus scrape URL (METRICS_PORT), e.g. http://127.0.0.1:9464/metrics; undefined when off. */
  metricsUrl: string | undefined;
  /**
   * Shuts down: /api/ready answers 503 from this moment, no new connection is accepted, requests in
   * flight finish (for at most config.shutdownTimeoutMs, then their connections are closed), and the
   * database is closed last. The same promise for every call.
   */
  close(): Promise<void>;
};

/** Adapters a caller may swap (tests: no chain, no network), and the built site to serve beside the API. */
export type ApiServerOverrides = {
  fetch?: typeof globalThis.fetch;
  priceSource?: PriceSource;
  balanceReader?: BalanceReader;
  signatureVerifier?: SignatureVerifier;
  /** Where the gateway (POST /api/rpc/<chainId>) sends the browser's reads; default the configured RPC URLs. */
  chainProviders?: ChainProviders;
  logger?: Logger;
  now?: () => number;
  clientAddress?: (c: Context) => string;
  /** The built web app (loadSite(config.siteDir)): `npm run serve` serves it from the same origin. */
  site?: Site;
  /** The metrics registry (a fresh one by default). */
  metrics?: ServerMetrics;
  /** How often chain RPCs and the database are checked for /api/health and the metrics (15 s). */
  dependencyCheckIntervalMs?: number;
};

/** Wires the real adapters from config and listens on config.host:config.port. */
export async function startApiServer(
  config: ServerConfig,
  overrides: ApiServerOverrides = {},
): Promise<RunningApiServer> {
  const logger =
    overrides.logger ??
    PinoLogger.create({
      level: config.logLevel,
      redactValues: Object.values(config.rpcUrls).flat().flatMap(urlSecretParts),
    });
  const now = overrides.now ?? Date.now;
  // Process metrics (CPU, memory, event-loop delay) only when someone can scrape them.
  const metrics = overrides.metrics ?? new ServerMetrics({ processMetrics: config.metrics !== undefined });
  const clients = new PublicClientPool(config.rpcUrls);
  const clientFor = (chainId: number) => clients.get(chainId);
  const stores = await openStores(
    {
      url: config.databaseUrl,
      path: config.databasePath,
      poolSize: config.databasePoolSize,
      timeouts: config.databaseTimeouts,
    },
    logger,
  );

  const priceSource = overrides.priceSource ?? choosePriceSource(config, { fetch: overrides.fetch, now });
  if (config.seedSamplePriceHistory) {
    try {
      const seeded = await new SeedSamplePriceHistory({
        store: stores.priceHistoryStore,
        now,
        endUsd: config.devPooPriceUsd,
      }).execute();
      if (seeded > 0) logger.info("Seeded the POO price history with sample data", { points: seeded });
    } catch (error) {
      await stores.close();
      throw error;
    }
  }

  const chainMetrics = chainReadMetrics(metrics);
  const deployments = new FileDeploymentSource(config.deploymentsDir);
  const chainReads = new RelayChainReads({
    providers:
      overrides.chainProviders ??
      new HttpChainProviders(config.rpcUrls, {
        logger,
        maxAnswerBytes: CHAIN_READ_LIMITS.maxAnswerBytes,
        timeoutMs: CHAIN_READ_LIMITS.providerTimeoutMs,
        sendBudgetMs: CHAIN_READ_LIMITS.answerWithinMs,
        now,
        onFailure: chainMetrics.providerFailed,
      }),
    chainIds: Object.keys(config.rpcUrls).map(Number),
    contractsOf: async (chainId) => {
      const { pooToken, crapToken, staking } = await deployments.get(chainId);
      return [pooToken, crapToken, staking];
    },
    logger,
    now,
    observer: chainMetrics,
  });

  // Readiness gates on what this instance cannot serve without; chains are reported, never gated on.
  const database: HealthCheck = { name: "database", check: () => stores.check() };
  const { dependencyUp } = apiMetrics(metrics);
  const onResult = (name: string, up: boolean) => dependencyUp.set({ dependency: name }, up ? 1 : 0);
  const readiness = new CheckReadiness({ checks: [database], logger, now, onResult });
  const dependencies = new WatchDependencies({
    checks: [
      database,
      ...config.allowedChainIds.map((chainId) => new ChainIdHealthCheck(chainId, () => clientFor(chainId))),
      ...(config.indexerUrl ? [indexerCheck(config.indexerUrl, clientFor, metrics)] : []),
    ],
    readinessChecks: [database.name],
    logger,
    now,
    onResult,
    intervalMs: overrides.dependencyCheckIntervalMs,
  });
  const app = createApi({
    allowedOrigins: config.allowedOrigins,
    allowedChainIds: config.allowedChainIds,
    sessionSecrets: config.sessionSecrets,
    sessionIdleTimeoutMs: config.sessionIdleTimeoutMs,
    registrableLaunchIds: config.registrableLaunchIds,
    priceSource,
    nonceStore: stores.nonceStore,
    sessionStore: stores.sessionStore,
    rateLimiter: stores.rateLimiter,
    signatureVerifier: overrides.signatureVerifier ?? new ViemSignatureVerifier(clientFor),
    balanceReader: overrides.balanceReader ?? new ViemBalanceReader(clientFor, deployments),
    registrationStore: stores.registrationStore,
    applicationStore: stores.applicationStore,
    priceHistoryStore: stores.priceHistoryStore,
    eligibilityPriceStore: stores.eligibilityPriceStore,
    eligibilityPrice: config.eligibilityPrice,
    logger,
    now,
    clientAddress: overrides.clientAddress ?? clientAddressResolver(config.trustedProxies),
    untrustedForwarder: untrustedForwarder(config.trustedProxies),
    metrics,
    readiness,
    dependencies,
    databaseUnavailable: (error) => stores.isUnavailable(error),
    chainReads,
    hsts: { mode: config.hsts, overHttps: servedOverHttps(config.trustedProxies) },
    ...(overrides.site ? { site: siteRoutes(overrides.site) } : {}),
    ...(config.indexerUrl ? { indexerUrl: config.indexerUrl } : {}),
  });

  let metricsServer: MetricsServer | undefined;
  try {
    const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
      const created = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, () =>
        resolve(created),
      );
      created.once("error", reject);
    });
    const { address, port } = server.address() as AddressInfo;
    const url = `http://${address.includes(":") ? `[${address}]` : address}:${port}`;
    try {
      metricsServer = config.metrics && (await startMetricsServer({ ...config.metrics, metrics, logger }));
    } catch (error) {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      throw error;
    }
    dependencies.start();

    // Answers not yet finished. While draining, each ends its keep-alive connection (Connection: close,
    // and the connection is closed once idle), so that no client or proxy sends more on it.
    const inFlight = new Set<ServerResponse>();
    let draining = false;
    server.on("request", (_request: IncomingMessage, response: ServerResponse) => {
      inFlight.add(response);
      if (draining) response.setHeader("Connection", "close");
      response.once("close", () => {
        inFlight.delete(response);
        if (draining && "closeIdleConnections" in server) setImmediate(() => server.closeIdleConnections());
      });
    });

    const shutDown = async (): Promise<void> => {
      draining = true;
      readiness.beginShutdown();
      dependencies.stop();
      for (const response of inFlight) if (!response.headersSent) response.setHeader("Connection", "close");
      const timeoutMs = config.shutdownTimeoutMs;
      // Closed before it is said: whoever reads the line finds the port refusing connections.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Keep-alive connections would otherwise hold close() open until they time out.
      if ("closeIdleConnections" in server) server.closeIdleConnections();
      logger.info("Shutting down: no new connections, finishing the requests in flight", {
        inFlight: inFlight.size,
        timeoutMs,
      });
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timedOut = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(true), timeoutMs);
      });
      if (await Promise.race([closed.then(() => false), timedOut])) {
        logger.warn("Requests still in flight at the shutdown timeout: closing their connections", {
          inFlight: inFlight.size,
          timeoutMs,
        });
        if ("closeAllConnections" in server) server.closeAllConnections();
        await closed;
      }
      clearTimeout(timer);
      await metricsServer?.close();
      await stores.close();
      logger.info("Stopped: requests finished, database closed");
    };
    let closing: Promise<void> | undefined;
    return { url, metricsUrl: metricsServer?.url, close: () => (closing ??= shutDown()) };
  } catch (error) {
    await stores.close();
    throw error;
  }
}

/**
 * The activity indexer (INDEXER_URL) among the reported dependencies, its lag behind each chain's
 * head (read through this server's own RPC for that chain) in poo_indexer_lag_blocks.
 */
function indexerCheck(
  indexerUrl: string,
  clientFor: (chainId: number) => PublicClient,
  metrics: ServerMetrics,
): IndexerHealthCheck {
  const { lagBlocks } = indexerMetrics(metrics);
  return new IndexerHealthCheck({
    indexerUrl,
    chainHead: async (chainId) => clientFor(chainId).getBlockNumber({ cacheTime: 0 }),
    onLag: (lags) => {
      lagBlocks.reset();
      for (const [chainId, lag] of lags) lagBlocks.set({ chain: String(chainId) }, lag);
    },
  });
}
