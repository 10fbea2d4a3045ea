import { isIP } from "node:net";
import { hardhat, sepolia } from "viem/chains";
import { z } from "zod";
import { isLoopbackAddress } from "./isLoopbackAddress";
import { metricsProblems } from "./metricsProblems";
import { productionProblems } from "./productionProblems";
import { trustEveryoneProblem } from "./trustEveryoneProblem";
import { DEFAULT_DATABASE_TIMEOUTS, LOG_LEVELS, type ServerConfig } from "./ServerConfig";

export type Env = Readonly<Record<string, string | undefined>>;

/** Thrown with one line per bad variable, each naming it. */
export class ConfigError extends Error {
  override readonly name = "ConfigError";
  constructor(readonly problems: readonly string[]) {
    super(`Invalid API server configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
  }
}

/** RPC defaults for the chains the project knows; any other chain needs CHAIN_RPC_URL_<id>. */
const DEFAULT_RPC_URLS: Record<number, string> = {
  [hardhat.id]: "http://127.0.0.1:8545",
  [sepolia.id]: sepolia.rpcUrls.default.http[0],
};

const commaList = (text: string): string[] =>
  text
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item.length > 0);

const httpUrl = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" });

/**
 * A chain's providers, in the order they are tried: "https://a/…,https://b/…" (a comma inside a URL
 * is written %2C). Each must be an http(s) URL; none is echoed back, since the path often holds a key.
 */
function rpcUrlList(text: string): { urls: string[] } | { problem: string } {
  const items = commaList(text);
  if (items.length === 0) return { problem: "must list at least one http(s) URL" };
  const bad = items.findIndex((item) => !httpUrl.safeParse(item).success);
  if (bad >= 0) {
    const which = items.length === 1 ? "" : `entry ${bad + 1} of ${items.length} `;
    return { problem: `${which}must be an http(s) URL` };
  }
  return { urls: [...new Set(items)] };
}

const chainIdList = z.string().transform((text, ctx) => {
  const ids = commaList(text).map((item) => (/^\d{1,15}$/.test(item) ? Number(item) : Number.NaN));
  if (ids.length === 0 || ids.some((id) => !Number.isSafeInteger(id) || id <= 0)) {
    ctx.addIssue({
      code: "custom",
      message: "must be a comma-separated list of positive chain ids, e.g. 31337,11155111",
    });
    return z.NEVER;
  }
  return [...new Set(ids)];
});

const originList = z.string().transform((text, ctx) => {
  const origins: string[] = [];
  for (const item of commaList(text)) {
    const origin = URL.canParse(item) ? new URL(item).origin : "null";
    if (origin === "null" || !/^https?:/.test(origin) || origin !== item.replace(/\/$/, "")) {
      ctx.addIssue({ code: "custom", message: `"${item}" is not an origin like http://127.0.0.1:5173` });
      continue;
    }
    origins.push(origin);
  }
  if (origins.length === 0 && ctx.issues.length === 0)
    ctx.addIssue({ code: "custom", message: "must list at least one origin" });
  return origins;
});

const launchIdList = z.string().transform((text, ctx) => {
  const ids = commaList(text);
  if (ids.length === 0 || ids.some((id) => !/^[a-z0-9][a-z0-9-]{0,63}$/.test(id))) {
    ctx.addIssue({
      code: "custom",
      message: "must be a comma-separated list of lowercase launch ids, e.g. crap",
    });
  }
  return ids;
});

const rpcUrlMap = z.string().transform((text, ctx) => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    ctx.addIssue({
      code: "custom",
      message:
        'must be a JSON object like {"31337":"http://127.0.0.1:8545","11155111":["https://a/…","https://b/…"]}',
    });
    return z.NEVER;
  }
  const result = z
    .record(
      z.string().regex(/^\d{1,15}$/, "keys must be chain ids"),
      z.union([httpUrl, z.array(httpUrl).min(1, "a list must hold at least one URL")], {
        error: "values must be http(s) URLs or lists of them",
      }),
    )
    .safeParse(parsed);
  if (!result.success) {
    ctx.addIssue({
      code: "custom",
      message: `must map chain ids to http(s) URLs or lists of them (${result.error.issues[0]?.message})`,
    });
    return z.NEVER;
  }
  return Object.fromEntries(
    Object.entries(result.data).map(([id, urls]) => [Number(id), [...new Set([urls].flat())]]),
  );
});

/** Session keys, newest first: the first signs new cookies, every one still verifies (rotation). */
const sessionSecretList = z.string().transform((text, ctx) => {
  const secrets = commaList(text);
  if (secrets.length === 0 || secrets.some((secret) => secret.length < 32)) {
    ctx.addIssue({
      code: "custom",
      message:
        "must be one key, or comma-separated keys newest first, each at least 32 characters (e.g. openssl rand -hex 32)",
    });
    return z.NEVER;
  }
  return [...new Set(secrets)];
});

/** Addresses or CIDRs; "none" (nothing trusted: the TCP peer is the client) stands alone. */
const proxyList = z.string().transform((text, ctx) => {
  const entries = commaList(text);
  if (entries.length === 1 && entries[0] === "none") return [];
  for (const entry of entries) {
    const [address = "", prefix, ...rest] = entry.split("/");
    const family = isIP(address);
    const maxPrefix = family === 6 ? 128 : 32;
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= maxPrefix);
    if (family === 0 || !prefixOk || rest.length > 0) {
      ctx.addIssue({
        code: "custom",
        message: `"${entry}" is not an IP address or CIDR (e.g. 10.0.0.0/8, 127.0.0.1, ::1), nor "none"`,
      });
    }
  }
  if (entries.length === 0)
    ctx.addIssue({ code: "custom", message: 'must list addresses or CIDRs, or "none"' });
  return entries;
});

const postgresUrl = z.string().refine((text) => {
  if (!URL.canParse(text)) return false;
  const url = new URL(text);
  return (url.protocol === "postgres:" || url.protocol === "postgresql:") && url.hostname !== "";
}, "must be a postgres://user:password@host:port/database URL"); // never echo it: it holds a password

/** The local stack's Vite proxy and anything else on this machine. */
const LOOPBACK_PROXIES = ["127.0.0.1", "::1"];

const emptyAsUndefined = (value: string | undefined): string | undefined =>
  value === undefined || value.trim() === "" ? undefined : value.trim();

const minutes = (min: number, max: number) => {
  const message = `must be a whole number of minutes from ${min} to ${max}`;
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
};

const booleanFlag = z
  .enum(["true", "false", "1", "0"], { error: "must be true or false" })
  .transform((value) => value === "true" || value === "1");

/** A whole number of milliseconds within [min, max]. */
const milliseconds = (min: number, max: number, fallback: number) => {
  const message = `must be a whole number of milliseconds from ${min} to ${max}`;
  return z.coerce
    .number({ error: message })
    .int(message)
    .min(min, message)
    .max(max, message)
    .default(fallback);
};

const variables = {
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  // Any address of this machine: loopback behind a proxy on it, or its own address (another host's
  // proxy reaches it), or 0.0.0.0 / :: for every interface (a container).
  API_HOST: z
    .string()
    .refine(
      (host) => host === "localhost" || isIP(host) !== 0,
      "must be an IP address of this machine (127.0.0.1, 10.0.0.11, 0.0.0.0 or :: for every interface) or localhost",
    )
    .default("127.0.0.1"),
  API_PORT: z.coerce
    .number({ error: "must be a port number" })
    .int("must be a port number")
    .min(0, "must be 0..65535")
    .max(65535, "must be 0..65535")
    .default(8787),
  CMC_API_KEY: z
    .string()
    .regex(/^\S{8,200}$/, "must be an API key: 8 to 200 characters, no spaces")
    .optional(),
  DEV_POO_PRICE_USD: z
    .string()
    .regex(/^\d+(\.\d+)?$/, "must be a positive decimal number such as 0.0042")
    .transform(Number)
    .refine((usd) => usd > 0 && usd < 1e15, "must be a positive decimal number such as 0.0042")
    .default(0.0042),
  SESSION_SECRET: sessionSecretList.optional(),
  SESSION_IDLE_TIMEOUT_MINUTES: minutes(1, 1440).default(30),
  ELIGIBILITY_PRICE_MAX_AGE_MINUTES: minutes(1, 1440).default(15),
  ELIGIBILITY_PRICE_WINDOW_MINUTES: minutes(1, 60).default(5),
  SIWE_ALLOWED_ORIGINS: originList.default(["http://127.0.0.1:5173", "http://localhost:5173"]),
  SIWE_ALLOWED_CHAIN_IDS: chainIdList.default([hardhat.id, sepolia.id]),
  CHAIN_RPC_URLS: rpcUrlMap.optional(),
  DEPLOYMENTS_DIR: z.string().min(1).default("deployments"),
  DATABASE_PATH: z.string().min(1).default("data/poo.sqlite"),
  DATABASE_URL: postgresUrl.optional(),
  DATABASE_POOL_SIZE: z.coerce
    .number({ error: "must be a whole number from 1 to 100" })
    .int("must be a whole number from 1 to 100")
    .min(1, "must be a whole number from 1 to 100")
    .max(100, "must be a whole number from 1 to 100")
    .default(10),
  DATABASE_CONNECT_TIMEOUT_MS: milliseconds(100, 120_000, DEFAULT_DATABASE_TIMEOUTS.connectMs),
  DATABASE_STATEMENT_TIMEOUT_MS: milliseconds(100, 600_000, DEFAULT_DATABASE_TIMEOUTS.statementMs),
  DATABASE_LOCK_TIMEOUT_MS: milliseconds(100, 600_000, DEFAULT_DATABASE_TIMEOUTS.lockMs),
  DATABASE_MIGRATION_LOCK_WAIT_MS: milliseconds(0, 3_600_000, DEFAULT_DATABASE_TIMEOUTS.migrationLockWaitMs),
  SQLITE_BUSY_TIMEOUT_MS: milliseconds(0, 60_000, DEFAULT_DATABASE_TIMEOUTS.sqliteBusyMs),
  TRUSTED_PROXIES: proxyList.optional(),
  SEED_SAMPLE_PRICE_HISTORY: booleanFlag.default(false),
  REGISTRABLE_LAUNCH_IDS: launchIdList.default(["crap"]),
  CMC_API_URL: httpUrl.default("https://pro-api.coinmarketcap.com"),
  ALLOW_LOCAL_CHAIN: booleanFlag.default(false),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(", ")}` }).default("info"),
  SITE_DIR: z.string().min(1).default("dist"),
  INDEXER_URL: httpUrl.optional(),
  HSTS: z.enum(["auto", "always", "off"], { error: "must be auto, always or off" }).default("auto"),
  METRICS_HOST: z
    .string()
    .refine(
      (host) => host === "localhost" || isIP(host) !== 0,
      "must be an IP address of this machine (127.0.0.1, 10.0.0.11, 0.0.0.0 or ::) or localhost",
    )
    .default("127.0.0.1"),
  METRICS_PORT: z.coerce
    .number({ error: "must be a port number" })
    .int("must be a port number")
    .min(0, "must be 0..65535")
    .max(65535, "must be 0..65535")
    .optional(),
  METRICS_TOKEN: z
    .string()
    .regex(
      /^[\x21-\x7e]{32,200}$/,
      "must be 32 to 200 printable characters, no spaces (e.g. openssl rand -hex 32)",
    )
    .optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number({ error: "must be a whole number of milliseconds from 0 to 120000" })
    .int("must be a whole number of milliseconds from 0 to 120000")
    .min(0, "must be a whole number of milliseconds from 0 to 120000")
    .max(120_000, "must be a whole number of milliseconds from 0 to 120000")
    .default(10_000),
};

export type ParsedVariables = { [Name in keyof typeof variables]: z.output<(typeof variables)[Name]> };

/**
 * Reads the API server's configuration from environment variables. Problems are collected and
 * thrown together as a ConfigError; softer issues come back as warnings for the log.
 */
export function parseServerConfig(
  env: Env,
  randomSecret: () => string = defaultRandomSecret,
): { config: ServerConfig; warnings: string[] } {
  const problems: string[] = [];
  const warnings: string[] = [];
  const parsed: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(variables)) {
    const result = schema.safeParse(emptyAsUndefined(env[name]));
    if (result.success) parsed[name] = result.data;
    else problems.push(`${name}: ${result.error.issues.map((issue) => issue.message).join("; ")}`);
  }
  const values = parsed as ParsedVariables;

  const rpcUrls: Record<number, string[]> = { ...(values.CHAIN_RPC_URLS ?? {}) };
  // The variable each RPC URL came from, so that a refusal can name it.
  const rpcSources: Record<number, string> = {};
  for (const chainId of Object.keys(rpcUrls)) rpcSources[Number(chainId)] = "CHAIN_RPC_URLS";
  for (const [name, raw] of Object.entries(env)) {
    const match = /^CHAIN_RPC_URL_(\d{1,15})$/.exec(name);
    const value = emptyAsUndefined(raw);
    if (!match || value === undefined) continue;
    const list = rpcUrlList(value);
    if ("urls" in list) {
      rpcUrls[Number(match[1])] = list.urls;
      rpcSources[Number(match[1])] = name;
    } else problems.push(`${name}: ${list.problem}`);
  }
  for (const chainId of values.SIWE_ALLOWED_CHAIN_IDS ?? []) {
    if (rpcUrls[chainId] !== undefined) continue;
    const fallback = DEFAULT_RPC_URLS[chainId];
    if (fallback === undefined) {
      problems.push(`CHAIN_RPC_URL_${chainId}: required because SIWE_ALLOWED_CHAIN_IDS includes ${chainId}`);
      continue;
    }
    rpcUrls[chainId] = [fallback];
    rpcSources[chainId] = `CHAIN_RPC_URL_${chainId}`;
    if (chainId !== hardhat.id)
      warnings.push(`CHAIN_RPC_URL_${chainId} is not set; using the public RPC ${fallback}.`);
  }

  let sessionSecrets = values.SESSION_SECRET;
  if (sessionSecrets === undefined && !problems.some((problem) => problem.startsWith("SESSION_SECRET"))) {
    if (values.NODE_ENV === "development") {
      sessionSecrets = [randomSecret()];
      warnings.push(
        "SESSION_SECRET is not set; using a random one, so sessions end when the server restarts.",
      );
    } else {
      problems.push(`SESSION_SECRET: required when NODE_ENV is ${values.NODE_ENV ?? "not development"}`);
    }
  }

  if (values.ELIGIBILITY_PRICE_MAX_AGE_MINUTES < values.ELIGIBILITY_PRICE_WINDOW_MINUTES) {
    // A window's price would grow too old before the window ends, refusing every decision after.
    problems.push(
      "ELIGIBILITY_PRICE_MAX_AGE_MINUTES: must be at least ELIGIBILITY_PRICE_WINDOW_MINUTES (a window's price must stay usable through the window)",
    );
  }

  if (values.NODE_ENV === "production") {
    problems.push(
      ...productionProblems({
        isSet: (name) => emptyAsUndefined(env[name]) !== undefined,
        values,
        rpcUrls,
        rpcSources,
        earlierProblems: problems,
      }),
    );
  } else if (values.TRUSTED_PROXIES !== undefined) {
    const trustAll = trustEveryoneProblem(values.TRUSTED_PROXIES);
    if (trustAll !== undefined) warnings.push(trustAll);
  }

  problems.push(...metricsProblems(values));

  if (problems.length > 0 || sessionSecrets === undefined) throw new ConfigError(problems);

  const trustedProxies = values.TRUSTED_PROXIES ?? LOOPBACK_PROXIES;
  if (
    !isLoopbackAddress(values.API_HOST) &&
    trustedProxies.length > 0 &&
    trustedProxies.every(isLoopbackAddress)
  ) {
    warnings.push(
      `API_HOST is ${values.API_HOST}, reachable from other machines, but TRUSTED_PROXIES trusts this machine only: a proxy on another host counts as the client (its X-Forwarded-For is ignored, and logged).`,
    );
  }

  if (values.CMC_API_KEY === undefined) {
    warnings.push(
      `CMC_API_KEY is not set; the POO price is the fixed DEV_POO_PRICE_USD (${values.DEV_POO_PRICE_USD}).`,
    );
  }

  return {
    config: {
      nodeEnv: values.NODE_ENV,
      host: values.API_HOST,
      port: values.API_PORT,
      cmcApiKey: values.CMC_API_KEY,
      devPooPriceUsd: values.DEV_POO_PRICE_USD,
      sessionSecrets,
      sessionIdleTimeoutMs: values.SESSION_IDLE_TIMEOUT_MINUTES * 60_000,
      eligibilityPrice: {
        maxAgeMs: values.ELIGIBILITY_PRICE_MAX_AGE_MINUTES * 60_000,
        windowMs: values.ELIGIBILITY_PRICE_WINDOW_MINUTES * 60_000,
      },
      allowedOrigins: values.SIWE_ALLOWED_ORIGINS,
      allowedChainIds: values.SIWE_ALLOWED_CHAIN_IDS,
      rpcUrls,
      deploymentsDir: values.DEPLOYMENTS_DIR,
      databasePath: values.DATABASE_PATH,
      databaseUrl: values.DATABASE_URL,
      databasePoolSize: values.DATABASE_POOL_SIZE,
      databaseTimeouts: {
        connectMs: values.DATABASE_CONNECT_TIMEOUT_MS,
        statementMs: values.DATABASE_STATEMENT_TIMEOUT_MS,
        lockMs: values.DATABASE_LOCK_TIMEOUT_MS,
        migrationLockWaitMs: values.DATABASE_MIGRATION_LOCK_WAIT_MS,
        sqliteBusyMs: values.SQLITE_BUSY_TIMEOUT_MS,
      },
      trustedProxies,
      seedSamplePriceHistory: values.SEED_SAMPLE_PRICE_HISTORY,
      registrableLaunchIds: values.REGISTRABLE_LAUNCH_IDS,
      cmcApiUrl: values.CMC_API_URL,
      logLevel: values.LOG_LEVEL,
      siteDir: values.SITE_DIR,
      indexerUrl: values.INDEXER_URL,
      hsts: values.HSTS,
      shutdownTimeoutMs: values.SHUTDOWN_TIMEOUT_MS,
      metrics:
        values.METRICS_PORT === undefined
          ? undefined
          : { host: values.METRICS_HOST, port: values.METRICS_PORT, token: values.METRICS_TOKEN },
    },
    warnings,
  };
}

function defaultRandomSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
