import { PinoLogger } from "./adapters/PinoLogger";
import { FileDeploymentSource } from "./adapters/FileDeploymentSource";
import { PublicClientPool } from "./adapters/PublicClientPool";
import { ViemBalanceReader } from "./adapters/ViemBalanceReader";
import { choosePriceSource } from "./choosePriceSource";
import { ConfigError, parseServerConfig, type Env } from "./config/parseServerConfig";
import { openStores } from "./openStores";
import type { BalanceReader } from "./ports/BalanceReader";
import type { Logger } from "./ports/Logger";
import type { PriceSource } from "./ports/PriceSource";
import { GetEligibilityPrice } from "./use-cases/GetEligibilityPrice";
import { GetPooPrice } from "./use-cases/GetPooPrice";
import { RecheckLaunchRegistrations } from "./use-cases/RecheckLaunchRegistrations";

export type LaunchRecheckOptions = {
  balanceReader?: BalanceReader;
  priceSource?: PriceSource;
  logger?: Logger;
  out?: (line: string) => void;
  now?: () => number;
};

const USAGE =
  "Usage: npm run launch:recheck -- <launchId>   (e.g. crap; database and RPC from the API's environment)";

/**
 * `npm run launch:recheck -- <launchId>`: re-checks every registration of the launch against the
 * API's own configuration (database, RPC URLs, price). Returns the exit code: 0 done, 1 could not
 * check (nothing changed), 2 bad input (nothing changed).
 */
export async function runLaunchRecheck(
  args: readonly string[],
  env: Env,
  options: LaunchRecheckOptions = {},
): Promise<number> {
  const out = options.out ?? ((line: string) => console.log(line));
  const [launchId, ...extra] = args;
  if (launchId === undefined || extra.length > 0 || !/^[a-z0-9][a-z0-9-]{0,63}$/.test(launchId)) {
    out(
      launchId === undefined ? USAGE : `"${[launchId, ...extra].join(" ")}" is not one launch id.\n${USAGE}`,
    );
    return 2;
  }
  let config;
  try {
    ({ config } = parseServerConfig(env));
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    out(error.message);
    return 2;
  }

  const logger = options.logger ?? PinoLogger.create({ level: config.logLevel });
  const now = options.now ?? Date.now;
  const stores = await openStores(
    { url: config.databaseUrl, path: config.databasePath, poolSize: config.databasePoolSize },
    logger,
  );
  try {
    const clients = new PublicClientPool(config.rpcUrls);
    const balances =
      options.balanceReader ??
      new ViemBalanceReader(
        (chainId) => clients.get(chainId),
        new FileDeploymentSource(config.deploymentsDir),
      );
    const price = new GetEligibilityPrice({
      price: new GetPooPrice({
        source: options.priceSource ?? choosePriceSource(config, { now }),
        logger,
        now,
      }),
      store: stores.eligibilityPriceStore,
      logger,
      now,
      settings: config.eligibilityPrice,
    });
    const result = await new RecheckLaunchRegistrations({
      balances,
      price,
      store: stores.registrationStore,
      now,
    }).execute(launchId);
    if (!result.ok) {
      out(result.error);
      return 1;
    }
    if (result.chains.length === 0) out(`Launch ${launchId} has no registrations; nothing to re-check.`);
    for (const chain of result.chains) {
      out(
        `Launch ${launchId}, chain ${chain.chainId}, block ${chain.blockNumber}, POO at ${chain.priceUsd} USD: ` +
          `${chain.checked} checked, ${chain.eligible} eligible, ${chain.belowThreshold.length} below the threshold ` +
          `(${chain.changed} changed).`,
      );
      for (const address of chain.belowThreshold) out(`  below: ${address}`);
    }
    return 0;
  } finally {
    await stores.close();
  }
}
