import type { ServiceKey } from "../../application/serviceResolver";
import type { AppConfig } from "../config/appConfig";

/**
 * Keys only the composition root reads: the whole configuration (RPC URLs, WalletConnect id, storage
 * prefix) is the app's business; the screens see what they need of it through TOKENS.servedChains.
 */
export const APP_TOKENS = {
  appConfig: Symbol.for("poo.AppConfig") as ServiceKey<AppConfig>,
} as const;
