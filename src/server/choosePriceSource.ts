import { CoinMarketCapPriceSource } from "./adapters/CoinMarketCapPriceSource";
import { DevPriceSource } from "./adapters/DevPriceSource";
import type { ServerConfig } from "./config/ServerConfig";
import type { PriceSource } from "./ports/PriceSource";

/** CoinMarketCap with a key; the fixed development price otherwise (the config refuses that in production). */
export function choosePriceSource(
  config: Pick<ServerConfig, "cmcApiKey" | "devPooPriceUsd" | "cmcApiUrl">,
  options: { fetch?: typeof globalThis.fetch; now?: () => number } = {},
): PriceSource {
  return config.cmcApiKey === undefined
    ? new DevPriceSource(config.devPooPriceUsd, options.now)
    : new CoinMarketCapPriceSource({
        apiKey: config.cmcApiKey,
        fetch: options.fetch,
        baseUrl: config.cmcApiUrl,
      });
}
