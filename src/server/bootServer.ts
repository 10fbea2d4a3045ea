import type { DestinationStream } from "pino";
import { DatabaseStartError } from "./adapters/DatabaseStartError";
import { PinoLogger } from "./adapters/PinoLogger";
import { urlSecretParts } from "./model/urlSecretParts";
import { ConfigError, parseServerConfig, type Env } from "./config/parseServerConfig";
import type { ServerConfig } from "./config/ServerConfig";
import { loadSite, SiteError, type Site } from "./site/loadSite";
import type { ApiServerOverrides, RunningApiServer } from "./startApiServer";

export type BootOptions = {
  /** What an unset NODE_ENV means: production for `npm run serve`, development for `npm run api`. */
  defaultNodeEnv: "production" | "development";
  /** Serve the built web app (SITE_DIR) beside the API, from the same origin. */
  serveSite: boolean;
  /** Where the log goes (stdout by default). */
  destination?: DestinationStream;
  /** Adapters to swap (tests). */
  overrides?: Omit<ApiServerOverrides, "logger" | "site">;
};

export type BootedServer = { server: RunningApiServer; logger: PinoLogger; config: ServerConfig };

/**
 * The server process up to a listening server: configuration (refused with one log line per problem),
 * the log, the site, the database and the socket. Undefined when it cannot start; the log says why.
 */
export async function bootServer(env: Env, options: BootOptions): Promise<BootedServer | undefined> {
  const withNodeEnv = env.NODE_ENV?.trim() ? env : { ...env, NODE_ENV: options.defaultNodeEnv };
  let parsed: ReturnType<typeof parseServerConfig>;
  try {
    parsed = parseServerConfig(withNodeEnv);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    const logger = PinoLogger.create({ level: "info", destination: options.destination });
    for (const problem of error.problems) {
      logger.fatal(`Invalid configuration: ${problem}`, { variable: problem.split(":")[0] });
    }
    logger.fatal("Not started: set the variables above (docs/operations.md lists them all)");
    return undefined;
  }
  const { config, warnings } = parsed;
  const logger = PinoLogger.create({
    level: config.logLevel,
    destination: options.destination,
    redactValues: Object.values(config.rpcUrls).flat().flatMap(urlSecretParts),
  });
  // First, whatever LOG_LEVEL says: an operator must see that this is not production.
  if (config.nodeEnv !== "production") {
    logger.notice(
      `Not a production run: NODE_ENV is ${config.nodeEnv} (development defaults allowed: local origins and chain, random session secret, made-up price)`,
      { nodeEnv: config.nodeEnv },
    );
  }
  for (const warning of warnings) logger.warn(warning);

  // Loaded late so an older Node fails with a hint instead of "No such built-in module: node:sqlite".
  const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
  if (major < 22 || (major === 22 && minor < 13)) {
    logger.fatal(`The POO server needs Node 22.13+ (node:sqlite); this is ${process.version}.`);
    return undefined;
  }

  let site: Site | undefined;
  if (options.serveSite) {
    try {
      site = loadSite(config.siteDir);
    } catch (error) {
      if (!(error instanceof SiteError)) throw error;
      logger.fatal(`Not started: ${error.message}`, { variable: "SITE_DIR" });
      return undefined;
    }
  }

  const { startApiServer } = await import("./startApiServer");
  let server: RunningApiServer;
  try {
    server = await startApiServer(config, { ...options.overrides, logger, ...(site ? { site } : {}) });
  } catch (error) {
    if (error instanceof DatabaseStartError) {
      logger.fatal(`Not started: ${error.message}`);
      return undefined;
    }
    logger.fatal("Not started: the server could not open its database or port", {
      reason: error instanceof Error ? error.message : String(error),
    });
    return undefined;
  }
  logger.info(`POO API listening on ${server.url}`, {
    url: server.url,
    nodeEnv: config.nodeEnv,
    database: config.databaseUrl === undefined ? "sqlite" : "postgres",
    site: site?.dir ?? null,
  });
  if (server.metricsUrl !== undefined) {
    logger.info(`POO metrics on ${server.metricsUrl}`, {
      url: server.metricsUrl,
      token: config.metrics?.token !== undefined,
    });
  }
  return { server, logger, config };
}
