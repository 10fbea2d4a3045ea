import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import type { Context } from "hono";
import { CoinMarketCapPriceSource } from "./adapters/CoinMarketCapPriceSource";
import { ConsoleLogger } from "./adapters/ConsoleLogger";
import { DevPriceSource } from "./adapters/DevPriceSource";
import { FileDeploymentSource } from "./adapters/FileDeploymentSource";
import { InMemoryNonceStore } from "./adapters/InMemoryNonceStore";
import { PublicClientPool } from "./adapters/PublicClientPool";
import { SqliteRegistrationStore } from "./adapters/SqliteRegistrationStore";
import { ViemBalanceReader } from "./adapters/ViemBalanceReader";
import { ViemSignatureVerifier } from "./adapters/ViemSignatureVerifier";
import type { ServerConfig } from "./config/ServerConfig";
import { createApi } from "./createApi";
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
  clientIp?: (c: Context) => string;
};

/** Wires the real adapters from config and listens on config.host:config.port. */
export async function startApiServer(
  config: ServerConfig,
  overrides: ApiServerOverrides = {},
): Promise<RunningApiServer> {
  const logger = overrides.logger ?? new ConsoleLogger();
  const now = overrides.now ?? Date.now;
  const clients = new PublicClientPool(config.rpcUrls);
  const clientFor = (chainId: number) => clients.get(chainId);
  const store = SqliteRegistrationStore.open(config.databasePath);

  const priceSource =
    overrides.priceSource ??
    (config.cmcApiKey === undefined
      ? new DevPriceSource(config.devPooPriceUsd, now)
      : new CoinMarketCapPriceSource({ apiKey: config.cmcApiKey, fetch: overrides.fetch }));

  const app = createApi({
    allowedOrigins: config.allowedOrigins,
    allowedChainIds: config.allowedChainIds,
    sessionSecret: config.sessionSecret,
    registrableLaunchIds: config.registrableLaunchIds,
    priceSource,
    nonceStore: new InMemoryNonceStore(),
    signatureVerifier: overrides.signatureVerifier ?? new ViemSignatureVerifier(clientFor),
    balanceReader:
      overrides.balanceReader ??
      new ViemBalanceReader(clientFor, new FileDeploymentSource(config.deploymentsDir)),
    registrationStore: store,
    applicationStore: store,
    logger,
    now,
    clientIp: overrides.clientIp,
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
            store.close();
            if (error) reject(error);
            else resolve();
          });
          // Keep-alive connections would otherwise hold close() open until they time out.
          if ("closeIdleConnections" in server) server.closeIdleConnections();
        })),
    };
  } catch (error) {
    store.close();
    throw error;
  }
}
