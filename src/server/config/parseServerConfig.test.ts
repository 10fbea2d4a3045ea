import { describe, expect, it } from "vitest";
import { ConfigError, parseServerConfig } from "./parseServerConfig";

const SECRET = "s".repeat(32);

/** Everything production requires, for a public network. */
const PRODUCTION: Record<string, string> = {
  NODE_ENV: "production",
  SESSION_SECRET: SECRET,
  CMC_API_KEY: "abcdef01-2345-6789",
  TRUSTED_PROXIES: "none",
  SIWE_ALLOWED_ORIGINS: "https://poo.finance",
  SIWE_ALLOWED_CHAIN_IDS: "11155111",
  CHAIN_RPC_URL_11155111: "https://sepolia.example/v2/key",
};

function problemsOf(env: Record<string, string>): readonly string[] {
  try {
    parseServerConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error("expected a ConfigError");
}

describe("parseServerConfig", () => {
  it("has development defaults and warns about what it made up", () => {
    const { config, warnings } = parseServerConfig({}, () => "random-secret-for-this-start-0123456789");
    expect(config).toEqual({
      nodeEnv: "development",
      host: "127.0.0.1",
      port: 8787,
      cmcApiKey: undefined,
      devPooPriceUsd: 0.0042,
      sessionSecret: "random-secret-for-this-start-0123456789",
      allowedOrigins: ["http://127.0.0.1:5173", "http://localhost:5173"],
      allowedChainIds: [31337, 11155111],
      rpcUrls: { 31337: ["http://127.0.0.1:8545"], 11155111: [expect.stringMatching(/^https:\/\//)] },
      deploymentsDir: "deployments",
      databasePath: "data/poo.sqlite",
      databaseUrl: undefined,
      databasePoolSize: 10,
      trustedProxies: ["127.0.0.1", "::1"],
      seedSamplePriceHistory: false,
      registrableLaunchIds: ["crap"],
      cmcApiUrl: "https://pro-api.coinmarketcap.com",
      logLevel: "info",
      siteDir: "dist",
      hsts: "auto",
      shutdownTimeoutMs: 10_000,
    });
    expect(warnings.join("\n")).toMatch(/SESSION_SECRET is not set/);
    expect(warnings.join("\n")).toMatch(/CMC_API_KEY is not set/);
    expect(warnings.join("\n")).toMatch(/CHAIN_RPC_URL_11155111 is not set/);
  });

  it("reads every variable", () => {
    const { config, warnings } = parseServerConfig({
      NODE_ENV: "production",
      API_HOST: "localhost",
      API_PORT: "0",
      CMC_API_KEY: "abcdef01-2345-6789",
      SESSION_SECRET: SECRET,
      SIWE_ALLOWED_ORIGINS: "https://poo.finance, https://app.poo.finance/",
      SIWE_ALLOWED_CHAIN_IDS: "11155111,10",
      CHAIN_RPC_URLS: '{"10":"https://optimism.example/rpc","11155111":"https://overridden.example"}',
      CHAIN_RPC_URL_11155111: "https://sepolia.example/v2/key",
      DEPLOYMENTS_DIR: "/srv/deployments",
      DATABASE_PATH: ":memory:",
      DATABASE_URL: "postgres://poo:secret@db.internal:5432/poo",
      DATABASE_POOL_SIZE: "25",
      TRUSTED_PROXIES: "10.0.0.0/8, 192.168.1.7,fd00::/8",
      REGISTRABLE_LAUNCH_IDS: "crap,poo",
      CMC_API_URL: "https://cmc.example",
      LOG_LEVEL: "debug",
      SITE_DIR: "/srv/poo/dist",
      HSTS: "always",
      SHUTDOWN_TIMEOUT_MS: "2500",
    });
    expect(config).toMatchObject({
      nodeEnv: "production",
      host: "localhost",
      port: 0,
      cmcApiKey: "abcdef01-2345-6789",
      sessionSecret: SECRET,
      allowedOrigins: ["https://poo.finance", "https://app.poo.finance"],
      allowedChainIds: [11155111, 10],
      rpcUrls: { 10: ["https://optimism.example/rpc"], 11155111: ["https://sepolia.example/v2/key"] },
      deploymentsDir: "/srv/deployments",
      databasePath: ":memory:",
      databaseUrl: "postgres://poo:secret@db.internal:5432/poo",
      databasePoolSize: 25,
      trustedProxies: ["10.0.0.0/8", "192.168.1.7", "fd00::/8"],
      registrableLaunchIds: ["crap", "poo"],
      cmcApiUrl: "https://cmc.example",
      logLevel: "debug",
      siteDir: "/srv/poo/dist",
      hsts: "always",
      shutdownTimeoutMs: 2500,
    });
    expect(warnings).toEqual([]);
  });

  it("names each bad variable in one error", () => {
    const problems = problemsOf({
      NODE_ENV: "staging",
      API_HOST: "0.0.0.0",
      API_PORT: "99999",
      DEV_POO_PRICE_USD: "free",
      SESSION_SECRET: "short",
      SIWE_ALLOWED_ORIGINS: "http://127.0.0.1:5173/app,*",
      SIWE_ALLOWED_CHAIN_IDS: "31337,abc",
      CHAIN_RPC_URLS: "{not json",
      CHAIN_RPC_URL_31337: "ftp://x",
      DATABASE_URL: "mysql://root:hunter2@db/poo",
      DATABASE_POOL_SIZE: "0",
      TRUSTED_PROXIES: "10.0.0.0/33,proxy.internal",
      SEED_SAMPLE_PRICE_HISTORY: "maybe",
      REGISTRABLE_LAUNCH_IDS: "CRAP",
      CMC_API_URL: "cmc.example",
      ALLOW_LOCAL_CHAIN: "yes",
      LOG_LEVEL: "verbose",
      HSTS: "on",
      SHUTDOWN_TIMEOUT_MS: "-1",
    });
    expect(problems.map((problem) => problem.split(":")[0])).toEqual([
      "NODE_ENV",
      "API_HOST",
      "API_PORT",
      "DEV_POO_PRICE_USD",
      "SESSION_SECRET",
      "SIWE_ALLOWED_ORIGINS",
      "SIWE_ALLOWED_CHAIN_IDS",
      "CHAIN_RPC_URLS",
      "DATABASE_URL",
      "DATABASE_POOL_SIZE",
      "TRUSTED_PROXIES",
      "SEED_SAMPLE_PRICE_HISTORY",
      "REGISTRABLE_LAUNCH_IDS",
      "CMC_API_URL",
      "ALLOW_LOCAL_CHAIN",
      "LOG_LEVEL",
      "HSTS",
      "SHUTDOWN_TIMEOUT_MS",
      "CHAIN_RPC_URL_31337",
    ]);
    expect(problems).toContain(
      'TRUSTED_PROXIES: "10.0.0.0/33" is not an IP address or CIDR (e.g. 10.0.0.0/8, 127.0.0.1, ::1), nor "none"; "proxy.internal" is not an IP address or CIDR (e.g. 10.0.0.0/8, 127.0.0.1, ::1), nor "none"',
    );
    // The URL holds a password: the message must not repeat it.
    expect(problems.join("\n")).not.toContain("hunter2");
    expect(new ConfigError(problems).message).toMatch(/^Invalid API server configuration:\n {2}- NODE_ENV: /);
  });

  it("requires SESSION_SECRET outside development", () => {
    expect(problemsOf({ NODE_ENV: "test" })).toEqual(["SESSION_SECRET: required when NODE_ENV is test"]);
  });

  it("refuses to start in production half-configured, naming each missing variable", () => {
    expect(
      problemsOf({ NODE_ENV: "production", DEV_POO_PRICE_USD: "0.0042", SEED_SAMPLE_PRICE_HISTORY: "true" }),
    ).toEqual([
      "SESSION_SECRET: required when NODE_ENV is production",
      "CMC_API_KEY: required when NODE_ENV is production (eligibility must not be decided on a made-up price)",
      "DEV_POO_PRICE_USD: must not be set when NODE_ENV is production (development price)",
      "SEED_SAMPLE_PRICE_HISTORY: must not be true when NODE_ENV is production (made-up prices)",
      'TRUSTED_PROXIES: required when NODE_ENV is production (your load balancer\'s addresses or CIDRs, or "none")',
      "SIWE_ALLOWED_ORIGINS: required when NODE_ENV is production (the site's public origin, e.g. https://poo.finance)",
      "SIWE_ALLOWED_CHAIN_IDS: required when NODE_ENV is production (the chains the site offers, e.g. 11155111)",
    ]);
    expect(parseServerConfig(PRODUCTION).config).toMatchObject({
      trustedProxies: [],
      nodeEnv: "production",
      allowedOrigins: ["https://poo.finance"],
      allowedChainIds: [11155111],
    });
    const required = [
      "SESSION_SECRET",
      "CMC_API_KEY",
      "TRUSTED_PROXIES",
      "SIWE_ALLOWED_ORIGINS",
      "SIWE_ALLOWED_CHAIN_IDS",
    ];
    for (const name of required) {
      const { [name]: _left, ...missing } = PRODUCTION;
      expect(problemsOf(missing).map((problem) => problem.split(":")[0])).toEqual([name]);
    }
  });

  it("refuses loopback origins, chain 31337 and plain-http RPC to another machine in production", () => {
    const problems = problemsOf({
      ...PRODUCTION,
      SIWE_ALLOWED_ORIGINS: "https://poo.finance,http://127.0.0.1:5173,http://localhost:5173",
      SIWE_ALLOWED_CHAIN_IDS: "31337,11155111",
      CHAIN_RPC_URL_11155111: "http://rpc.internal:8545/v2/SECRETKEY",
      CHAIN_RPC_URLS: '{"10":"http://10.0.0.5:8545"}',
      CHAIN_RPC_URL_31337: "http://127.0.0.1:8545",
    });
    expect(problems).toEqual([
      "SIWE_ALLOWED_ORIGINS: http://127.0.0.1:5173 is on this machine (loopback); list the site's public origin (e.g. https://poo.finance), or set ALLOW_LOCAL_CHAIN=true for a test deployment on this machine",
      "SIWE_ALLOWED_ORIGINS: http://localhost:5173 is on this machine (loopback); list the site's public origin (e.g. https://poo.finance), or set ALLOW_LOCAL_CHAIN=true for a test deployment on this machine",
      "SIWE_ALLOWED_CHAIN_IDS: 31337 is the local Hardhat chain, whose keys are public; list public chains only (e.g. 11155111), or set ALLOW_LOCAL_CHAIN=true for a test deployment on this machine",
      "CHAIN_RPC_URLS: plain http to 10.0.0.5:8545 (another machine) is readable and changeable on the way; use an https:// URL, or set ALLOW_LOCAL_CHAIN=true for a test deployment on this machine",
      "CHAIN_RPC_URL_11155111: plain http to rpc.internal:8545 (another machine) is readable and changeable on the way; use an https:// URL, or set ALLOW_LOCAL_CHAIN=true for a test deployment on this machine",
    ]);
    // The rest of an RPC URL may be the provider's key.
    expect(problems.join("\n")).not.toContain("SECRETKEY");
  });

  it("takes the local chain, loopback origins and plain-http RPC in production with ALLOW_LOCAL_CHAIN=true", () => {
    const { config } = parseServerConfig({
      ...PRODUCTION,
      ALLOW_LOCAL_CHAIN: "true",
      SIWE_ALLOWED_ORIGINS: "http://127.0.0.1:4273",
      SIWE_ALLOWED_CHAIN_IDS: "31337",
      CHAIN_RPC_URL_31337: "http://10.0.0.5:8545",
    });
    expect(config).toMatchObject({
      allowedOrigins: ["http://127.0.0.1:4273"],
      allowedChainIds: [31337],
      rpcUrls: { 31337: ["http://10.0.0.5:8545"] },
    });
  });

  it("accepts a plain-http RPC on this machine in production (a node of its own), never CoinMarketCap over plain http", () => {
    expect(
      parseServerConfig({ ...PRODUCTION, CHAIN_RPC_URL_11155111: "http://127.0.0.1:8545" }).config.rpcUrls,
    ).toEqual({ 11155111: ["http://127.0.0.1:8545"] });
    expect(parseServerConfig({ ...PRODUCTION, CMC_API_URL: "http://127.0.0.1:9999" }).config.cmcApiUrl).toBe(
      "http://127.0.0.1:9999",
    );
    expect(
      problemsOf({ ...PRODUCTION, ALLOW_LOCAL_CHAIN: "true", CMC_API_URL: "http://cmc.example" }),
    ).toEqual([
      "CMC_API_URL: plain http to cmc.example would send the API key unencrypted; use an https:// URL",
    ]);
  });

  it("takes each chain's providers as an ordered list, in CHAIN_RPC_URL_<id> (commas) or CHAIN_RPC_URLS (arrays)", () => {
    const { config } = parseServerConfig({
      ...PRODUCTION,
      SIWE_ALLOWED_CHAIN_IDS: "11155111,10",
      CHAIN_RPC_URL_11155111: " https://a.example/v2/KEYA , https://b.example/KEYB,https://a.example/v2/KEYA",
      CHAIN_RPC_URLS: '{"10":["https://c.example/rpc","https://d.example/rpc"],"8453":"https://e.example"}',
    });
    expect(config.rpcUrls).toEqual({
      11155111: ["https://a.example/v2/KEYA", "https://b.example/KEYB"],
      10: ["https://c.example/rpc", "https://d.example/rpc"],
      8453: ["https://e.example"],
    });
    // Which entry is wrong, never the entry itself (its path may be a key).
    const problems = problemsOf({
      ...PRODUCTION,
      CHAIN_RPC_URL_11155111: "https://a.example/v2/KEYA,ftp://b.example/KEYB",
      CHAIN_RPC_URLS: '{"10":[]}',
    });
    expect(problems).toEqual([
      "CHAIN_RPC_URLS: must map chain ids to http(s) URLs or lists of them (a list must hold at least one URL)",
      "CHAIN_RPC_URL_11155111: entry 2 of 2 must be an http(s) URL",
    ]);
    expect(problems.join("\n")).not.toContain("KEY");
    // Each provider of a list is judged: plain http to another machine is refused in production.
    expect(
      problemsOf({ ...PRODUCTION, CHAIN_RPC_URL_11155111: "https://a.example/KEYA,http://b.example/KEYB" }),
    ).toEqual([
      "CHAIN_RPC_URL_11155111: plain http to b.example (another machine) is readable and changeable on the way; use an https:// URL, or set ALLOW_LOCAL_CHAIN=true for a test deployment on this machine",
    ]);
  });

  it("keeps the development defaults outside production", () => {
    expect(parseServerConfig({ NODE_ENV: "test", SESSION_SECRET: SECRET }).config).toMatchObject({
      allowedOrigins: ["http://127.0.0.1:5173", "http://localhost:5173"],
      allowedChainIds: [31337, 11155111],
    });
  });

  it("requires an RPC URL for an allowed chain it has no default for", () => {
    expect(problemsOf({ SESSION_SECRET: SECRET, SIWE_ALLOWED_CHAIN_IDS: "31337,8453" })).toEqual([
      "CHAIN_RPC_URL_8453: required because SIWE_ALLOWED_CHAIN_IDS includes 8453",
    ]);
  });
});
