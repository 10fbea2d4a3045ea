import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import type { Context } from "hono";
import { PinoLogger } from "./adapters/PinoLogger";
import { FileDeploymentSource } from "./adapters/FileDeploymentSource";
import { PublicClientPool } from "./adapters/PublicClientPool";
import { ViemBalanceReader } from "./adapters/ViemBalanceReader";
import { ViemSignatureVerifier } from "./adapters/ViemSignatureVerifier";
import { choosePriceSource } from "./choosePriceSource";
import type { ServerConfig } from "./config/ServerConfig";
import { createApi } from "./createApi";
import { clientAddressResolver } from "./http/clientAddress";
import { openStores } from "./openStores";
import { SeedSamplePriceHistory } from "./use-cases/SeedSamplePriceHistory";
import type { BalanceReader } from "./ports/BalanceReader";
import type { Logger } from "./ports/Logger";
import type { PriceSource } from "./ports/PriceSource";
import type { SignatureVerifier } from "./ports/SignatureVerifier";

export type RunningApiServer = {
  /** e.g. http://127.0.0.1:8787 */
  url: string;
  close(): Promise<void>;
};

/** Adapters a caller may swap (tests: no chain, no network). Everything else comes from config. */
export type ApiServerOverrides = {
  fetch?: typeof globalThis.fetch;
  priceSource?: PriceSource;
  balanceReader?: BalanceReader;
  signatureVerifier?: SignatureVerifier;
  logger?: Logger;
  now?: () => number;
  clientAddress?: (c: Context) => string;
};

/** Wires the real adapters from config and listens on config.host:config.port. */
export async function startApiServer(
  config: ServerConfig,
  overrides: ApiServerOverrides = {},
): Promise<RunningApiServer> {
  const logger = overrides.logger ?? PinoLogger.create({ level: config.logLevel });
  const now = overrides.now ?? Date.now;
  const clients = new PublicClientPool(config.rpcUrls);
  const clientFor = (chainId: number) => clients.get(chainId);
  const stores = await openStores(
    { url: config.databaseUrl, path: config.databasePath, poolSize: config.databasePoolSize },
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

  const app = createApi({
    allowedOrigins: config.allowedOrigins,
    allowedChainIds: config.allowedChainIds,
    sessionSecret: config.sessionSecret,
    registrableLaunchIds: config.registrableLaunchIds,
    priceSource,
    nonceStore: stores.nonceStore,
    sessionStore: stores.sessionStore,
    rateLimiter: stores.rateLimiter,
    signatureVerifier: overrides.signatureVerifier ?? new ViemSignatureVerifier(clientFor),
    balanceReader:
      overrides.balanceReader ??
      new ViemBalanceReader(clientFor, new FileDeploymentSource(config.deploymentsDir)),
    registrationStore: stores.registrationStore,
    applicationStore: stores.applicationStore,
    priceHistoryStore: stores.priceHistoryStore,
    logger,
    now,
    clientAddress: overrides.clientAddress ?? clientAddressResolver(config.trustedProxies),
  });

  try {
    const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
      const created = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, () =>
        resolve(created),
      );
      created.once("error", reject);
    });
    const { address, port } = server.address() as AddressInfo;
    const url = `http://${address.includes(":") ? `[${address}]` : address}:${port}`;
    let closing: Promise<void> | undefined;
    return {
      url,
      close: () =>
        (closing ??= new Promise<void>((resolve, reject) => {
          server.close((error) => {
            stores.close().then(
              () => (error ? reject(error) : resolve()),
              (closeError: unknown) => reject(error ?? closeError),
            );
          });
          // Keep-alive connections would otherwise hold close() open until they time out.
          if ("closeIdleConnections" in server) server.closeIdleConnections();
        })),
    };
  } catch (error) {
    await stores.close();
    throw error;
  }
}
