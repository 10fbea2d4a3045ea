import { hardhat, sepolia } from "viem/chains";
import { z } from "zod";
import type { ServerConfig } from "./ServerConfig";

export type Env = Readonly<Record<string, string | undefined>>;

/** Thrown with one line per bad variable, each naming it. */
export class ConfigError extends Error {
  override readonly name = "ConfigError";
  constructor(readonly problems: readonly string[]) {
    super(`Invalid API server configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
  }
}

const LOOPBACK_HOSTS = ["127.0.0.1", "localhost", "::1"] as const;
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
    ctx.addIssue({ code: "custom", message: 'must be a JSON object like {"31337":"http://127.0.0.1:8545"}' });
    return z.NEVER;
  }
  const result = z
    .record(z.string().regex(/^\d{1,15}$/, "keys must be chain ids"), httpUrl)
    .safeParse(parsed);
  if (!result.success) {
    ctx.addIssue({
      code: "custom",
      message: `must map chain ids to http(s) URLs (${result.error.issues[0]?.message})`,
    });
    return z.NEVER;
  }
  return Object.fromEntries(Object.entries(result.data).map(([id, url]) => [Number(id), url]));
});

const emptyAsUndefined = (value: string | undefined): string | undefined =>
  value === undefined || value.trim() === "" ? undefined : value.trim();

const variables = {
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  API_HOST: z
    .enum(LOOPBACK_HOSTS, { error: "must be a loopback address (127.0.0.1, localhost or ::1)" })
    .default("127.0.0.1"),
  API_PORT: z.coerce
    .number({ error: "must be a port number" })
    .int("must be a port number")
    .min(0, "must be 0..65535")
    .max(65535, "must be 0..65535")
    .default(8787),
  CMC_API_KEY: z
    .string()
    .regex(/^\S{8,200}$/, "must be an API key without spaces")
    .optional(),
  DEV_POO_PRICE_USD: z
    .string()
    .regex(/^\d+(\.\d+)?$/, "must be a positive decimal number such as 0.0042")
    .transform(Number)
    .refine((usd) => usd > 0 && usd < 1e15, "must be a positive decimal number such as 0.0042")
    .default(0.0042),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters (e.g. openssl rand -hex 32)").optional(),
  SIWE_ALLOWED_ORIGINS: originList.default(["http://127.0.0.1:5173", "http://localhost:5173"]),
  SIWE_ALLOWED_CHAIN_IDS: chainIdList.default([hardhat.id, sepolia.id]),
  CHAIN_RPC_URLS: rpcUrlMap.optional(),
  DEPLOYMENTS_DIR: z.string().min(1).default("deployments"),
  DATABASE_PATH: z.string().min(1).default("data/poo.sqlite"),
  REGISTRABLE_LAUNCH_IDS: launchIdList.default(["crap"]),
};

type Parsed = { [Name in keyof typeof variables]: z.output<(typeof variables)[Name]> };

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
  const values = parsed as Parsed;

  const rpcUrls: Record<number, string> = { ...(values.CHAIN_RPC_URLS ?? {}) };
  for (const [name, raw] of Object.entries(env)) {
    const match = /^CHAIN_RPC_URL_(\d{1,15})$/.exec(name);
    const value = emptyAsUndefined(raw);
    if (!match || value === undefined) continue;
    const url = httpUrl.safeParse(value);
    if (url.success) rpcUrls[Number(match[1])] = url.data;
    else problems.push(`${name}: must be an http(s) URL`);
  }
  for (const chainId of values.SIWE_ALLOWED_CHAIN_IDS ?? []) {
    if (rpcUrls[chainId] !== undefined) continue;
    const fallback = DEFAULT_RPC_URLS[chainId];
    if (fallback === undefined) {
      problems.push(`CHAIN_RPC_URL_${chainId}: required because SIWE_ALLOWED_CHAIN_IDS includes ${chainId}`);
      continue;
    }
    rpcUrls[chainId] = fallback;
    if (chainId !== hardhat.id)
      warnings.push(`CHAIN_RPC_URL_${chainId} is not set; using the public RPC ${fallback}.`);
  }

  let sessionSecret = values.SESSION_SECRET;
  if (sessionSecret === undefined && !problems.some((problem) => problem.startsWith("SESSION_SECRET"))) {
    if (values.NODE_ENV === "development") {
      sessionSecret = randomSecret();
      warnings.push(
        "SESSION_SECRET is not set; using a random one, so sessions end when the server restarts.",
      );
    } else {
      problems.push(`SESSION_SECRET: required when NODE_ENV is ${values.NODE_ENV ?? "not development"}`);
    }
  }

  if (problems.length > 0 || sessionSecret === undefined) throw new ConfigError(problems);

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
      sessionSecret,
      allowedOrigins: values.SIWE_ALLOWED_ORIGINS,
      allowedChainIds: values.SIWE_ALLOWED_CHAIN_IDS,
      rpcUrls,
      deploymentsDir: values.DEPLOYMENTS_DIR,
      databasePath: values.DATABASE_PATH,
      registrableLaunchIds: values.REGISTRABLE_LAUNCH_IDS,
    },
    warnings,
  };
}

function defaultRandomSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
