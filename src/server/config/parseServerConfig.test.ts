import { describe, expect, it } from "vitest";
import { ConfigError, parseServerConfig } from "./parseServerConfig";

const SECRET = "s".repeat(32);

/** Everything production requires, for a public network. */
const PRODUCTION: Record<string, string> = {
  NODE_ENV: "production",
  SESSION_SECRET: SECRET,
  CMC_API_KEY: "abcdef01-2345-6789",
  TRUSTED_PROXIES: "127.0.0.1",
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
      sessionSecrets: ["random-secret-for-this-start-0123456789"],
      sessionIdleTimeoutMs: 30 * 60_000,
      eligibilityPrice: { maxAgeMs: 15 * 60_000, windowMs: 5 * 60_000 },
      allowedOrigins: ["http://127.0.0.1:5173", "http://localhost:5173"],
      allowedChainIds: [31337, 11155111],
      rpcUrls: { 31337: ["http://127.0.0.1:8545"], 11155111: [expect.stringMatching(/^https:\/\//)] },
      deploymentsDir: "deployments",
      databasePath: "data/poo.sqlite",
      databaseUrl: undefined,
      databasePoolSize: 10,
      databaseTimeouts: {
        connectMs: 1_000,
        statementMs: 1_500,
        lockMs: 1_000,
        migrationLockWaitMs: 60_000,
        sqliteBusyMs: 2_000,
      },
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
      DATABASE_CONNECT_TIMEOUT_MS: "3000",
      DATABASE_STATEMENT_TIMEOUT_MS: "8000",
      DATABASE_LOCK_TIMEOUT_MS: "1000",
      DATABASE_MIGRATION_LOCK_WAIT_MS: "120000",
      SQLITE_BUSY_TIMEOUT_MS: "750",
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
      sessionSecrets: [SECRET],
      sessionIdleTimeoutMs: 30 * 60_000,
      eligibilityPrice: { maxAgeMs: 15 * 60_000, windowMs: 5 * 60_000 },
      allowedOrigins: ["https://poo.finance", "https://app.poo.finance"],
      allowedChainIds: [11155111, 10],
      rpcUrls: { 10: ["https://optimism.example/rpc"], 11155111: ["https://sepolia.example/v2/key"] },
      deploymentsDir: "/srv/deployments",
      databasePath: ":memory:",
      databaseUrl: "postgres://poo:secret@db.internal:5432/poo",
      databasePoolSize: 25,
      databaseTimeouts: {
        connectMs: 3_000,
        statementMs: 8_000,
        lockMs: 1_000,
        migrationLockWaitMs: 120_000,
        sqliteBusyMs: 750,
      },
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
      API_HOST: "poo.internal",
      API_PORT: "99999",
      DEV_POO_PRICE_USD: "free",
      SESSION_SECRET: "short",
      SIWE_ALLOWED_ORIGINS: "http://127.0.0.1:5173/app,*",
      SIWE_ALLOWED_CHAIN_IDS: "31337,abc",
      CHAIN_RPC_URLS: "{not json",
      CHAIN_RPC_URL_31337: "ftp://x",
      DATABASE_URL: "mysql://root:hunter2@db/poo",
      DATABASE_POOL_SIZE: "0",
      DATABASE_CONNECT_TIMEOUT_MS: "0",
      DATABASE_STATEMENT_TIMEOUT_MS: "5s",
      DATABASE_LOCK_TIMEOUT_MS: "1e9",
      DATABASE_MIGRATION_LOCK_WAIT_MS: "-1",
      SQLITE_BUSY_TIMEOUT_MS: "61000",
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
      "DATABASE_CONNECT_TIMEOUT_MS",
      "DATABASE_STATEMENT_TIMEOUT_MS",
      "DATABASE_LOCK_TIMEOUT_MS",
      "DATABASE_MIGRATION_LOCK_WAIT_MS",
      "SQLITE_BUSY_TIMEOUT_MS",
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
      "TRUSTED_PROXIES: required when NODE_ENV is production: the addresses or networks of the proxies in front of this server (e.g. 10.0.0.2 or 10.0.0.0/24); without them every client would count as the proxy, and one client's failed sign-ins would close sign-in for everyone",
      "SIWE_ALLOWED_ORIGINS: required when NODE_ENV is production (the site's public origin, e.g. https://poo.finance)",
      "SIWE_ALLOWED_CHAIN_IDS: required when NODE_ENV is production (the chains the site offers, e.g. 11155111)",
    ]);
    expect(parseServerConfig(PRODUCTION).config).toMatchObject({
      trustedProxies: ["127.0.0.1"],
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

  it("takes SESSION_SECRET as a list, newest first, for rotation, and an idle timeout in minutes", () => {
    const older = "o".repeat(40);
    const { config } = parseServerConfig({
      NODE_ENV: "test",
      SESSION_SECRET: ` ${SECRET} , ${older} `,
      SESSION_IDLE_TIMEOUT_MINUTES: "15",
    });
    expect(config.sessionSecrets).toEqual([SECRET, older]);
    expect(config.sessionIdleTimeoutMs).toBe(15 * 60_000);
    expect(problemsOf({ NODE_ENV: "test", SESSION_SECRET: `${SECRET},short` })).toEqual([
      "SESSION_SECRET: must be one key, or comma-separated keys newest first, each at least 32 characters (e.g. openssl rand -hex 32)",
    ]);
    expect(
      problemsOf({ NODE_ENV: "test", SESSION_SECRET: SECRET, SESSION_IDLE_TIMEOUT_MINUTES: "0" }),
    ).toEqual(["SESSION_IDLE_TIMEOUT_MINUTES: must be a whole number of minutes from 1 to 1440"]);
  });

  it("takes the eligibility price's maximum age and window in minutes, the age at least the window", () => {
    expect(
      parseServerConfig({
        NODE_ENV: "test",
        SESSION_SECRET: SECRET,
        ELIGIBILITY_PRICE_MAX_AGE_MINUTES: "10",
        ELIGIBILITY_PRICE_WINDOW_MINUTES: "2",
      }).config.eligibilityPrice,
    ).toEqual({ maxAgeMs: 10 * 60_000, windowMs: 2 * 60_000 });
    expect(
      problemsOf({
        NODE_ENV: "test",
        SESSION_SECRET: SECRET,
        ELIGIBILITY_PRICE_MAX_AGE_MINUTES: "3",
        ELIGIBILITY_PRICE_WINDOW_MINUTES: "5",
      }),
    ).toEqual([
      "ELIGIBILITY_PRICE_MAX_AGE_MINUTES: must be at least ELIGIBILITY_PRICE_WINDOW_MINUTES (a window's price must stay usable through the window)",
    ]);
    expect(
      problemsOf({ NODE_ENV: "test", SESSION_SECRET: SECRET, ELIGIBILITY_PRICE_WINDOW_MINUTES: "61" }),
    ).toEqual(["ELIGIBILITY_PRICE_WINDOW_MINUTES: must be a whole number of minutes from 1 to 60"]);
  });

  describe("API_HOST and TRUSTED_PROXIES (instances on other hosts)", () => {
    it("binds any address of this machine when set, loopback by default", () => {
      for (const host of ["10.0.0.11", "0.0.0.0", "::", "fd00::11", "localhost", "127.0.0.2"]) {
        expect(
          parseServerConfig({ ...PRODUCTION, API_HOST: host, TRUSTED_PROXIES: "10.0.0.2" }).config.host,
        ).toBe(host);
      }
      expect(parseServerConfig(PRODUCTION).config.host).toBe("127.0.0.1");
      expect(problemsOf({ ...PRODUCTION, API_HOST: "web1.internal" })).toEqual([
        "API_HOST: must be an IP address of this machine (127.0.0.1, 10.0.0.11, 0.0.0.0 or :: for every interface) or localhost",
      ]);
    });

    it("refuses, in production on another host's address, a missing TRUSTED_PROXIES, none, and lists that trust everyone", () => {
      const { TRUSTED_PROXIES: _none, ...withoutProxies } = PRODUCTION;
      const remote = { ...withoutProxies, API_HOST: "10.0.0.11" };
      expect(problemsOf(remote)).toEqual([
        "TRUSTED_PROXIES: required when NODE_ENV is production: the addresses or networks of the proxies in front of this server (e.g. 10.0.0.2 or 10.0.0.0/24); without them every client would count as the proxy, and one client's failed sign-ins would close sign-in for everyone",
      ]);
      expect(problemsOf({ ...remote, TRUSTED_PROXIES: "none" })).toEqual([
        "TRUSTED_PROXIES: \"none\" is refused when NODE_ENV is production: behind a proxy every client would count as the proxy's address, so one client's failed sign-ins would close sign-in for everyone; list your proxies' addresses or networks (e.g. 10.0.0.2 or 10.0.0.0/24)",
      ]);
      expect(problemsOf({ ...remote, TRUSTED_PROXIES: "0.0.0.0/0" })).toEqual([
        "TRUSTED_PROXIES: 0.0.0.0/0 trusts every IPv4 address: any client there could write its own X-Forwarded-For and choose its rate-limit key (unlimited sign-in attempts, or another client's key to lock it out); list only your proxies' addresses or networks, e.g. 10.0.0.2 or 10.0.0.0/24",
      ]);
      // The same on a loopback bind: a proxy on this machine is still the only peer.
      expect(problemsOf({ ...PRODUCTION, TRUSTED_PROXIES: "none" })).toHaveLength(1);
      expect(problemsOf({ ...PRODUCTION, TRUSTED_PROXIES: "::/0" })[0]).toMatch(
        /^TRUSTED_PROXIES: ::\/0 trusts every address: /,
      );
    });

    it("sees trust in everyone however it is spelt", () => {
      const everyone = [
        "::/0",
        "0:0:0:0:0:0:0:0/0",
        "10.0.0.2, ::/0",
        "::ffff:0:0/96",
        "::ffff:0.0.0.0/96",
        "0.0.0.0/1,128.0.0.0/1",
        "0.0.0.0/2,64.0.0.0/2,128.0.0.0/1",
        "::/1,8000::/1",
        "::/8",
        "0.0.0.0/1", // half of IPv4: wider than any proxy network
        "2000::/3",
      ];
      for (const list of everyone) {
        expect(problemsOf({ ...PRODUCTION, TRUSTED_PROXIES: list }), list).toEqual([
          expect.stringMatching(/^TRUSTED_PROXIES: .* (trusts every|is wider than any proxy network)/),
        ]);
      }
      for (const list of [
        "10.0.0.0/8",
        "fc00::/7",
        "10.0.0.2,10.0.0.3,fd00::2",
        "172.16.0.0/12,192.168.0.0/16",
      ]) {
        expect(
          parseServerConfig({ ...PRODUCTION, TRUSTED_PROXIES: list }).config.trustedProxies,
          list,
        ).toEqual(list.split(","));
      }
    });

    it("warns outside production about a list that trusts everyone, and about proxies that cannot reach a non-loopback bind", () => {
      const { warnings } = parseServerConfig({ SESSION_SECRET: SECRET, TRUSTED_PROXIES: "0.0.0.0/0" });
      expect(warnings).toContainEqual(
        expect.stringMatching(/^TRUSTED_PROXIES: 0.0.0.0\/0 trusts every IPv4 address/),
      );
      expect(parseServerConfig({ ...PRODUCTION, API_HOST: "10.0.0.11" }).warnings).toEqual([
        "API_HOST is 10.0.0.11, reachable from other machines, but TRUSTED_PROXIES trusts this machine only: a proxy on another host counts as the client (its X-Forwarded-For is ignored, and logged).",
      ]);
      expect(
        parseServerConfig({ ...PRODUCTION, API_HOST: "10.0.0.11", TRUSTED_PROXIES: "10.0.0.2" }).warnings,
      ).toEqual([]);
    });
  });

  describe("METRICS_*", () => {
    it("serves no metrics unless METRICS_PORT is set; loopback by default, a token when asked", () => {
      expect(parseServerConfig(PRODUCTION).config.metrics).toBeUndefined();
      expect(parseServerConfig({ ...PRODUCTION, METRICS_PORT: "9464" }).config.metrics).toEqual({
        host: "127.0.0.1",
        port: 9464,
        token: undefined,
      });
      const token = "t".repeat(32);
      expect(
        parseServerConfig({
          ...PRODUCTION,
          METRICS_HOST: "10.0.0.11",
          METRICS_PORT: "9464",
          METRICS_TOKEN: token,
        }).config.metrics,
      ).toEqual({ host: "10.0.0.11", port: 9464, token });
    });

    it("refuses the API's port, a bad token, and in production a reachable listener without a token", () => {
      expect(problemsOf({ ...PRODUCTION, METRICS_PORT: "8787" })).toEqual([
        "METRICS_PORT: 8787 is API_PORT; the metrics need a port of their own",
      ]);
      expect(problemsOf({ ...PRODUCTION, METRICS_PORT: "9464", METRICS_TOKEN: "short" })).toEqual([
        "METRICS_TOKEN: must be 32 to 200 printable characters, no spaces (e.g. openssl rand -hex 32)",
      ]);
      expect(problemsOf({ ...PRODUCTION, METRICS_HOST: "0.0.0.0", METRICS_PORT: "9464" })).toEqual([
        "METRICS_TOKEN: required when NODE_ENV is production and METRICS_HOST (0.0.0.0) is reachable from other machines (e.g. openssl rand -hex 32; Prometheus sends it as a bearer token)",
      ]);
      expect(
        parseServerConfig({ SESSION_SECRET: SECRET, METRICS_HOST: "0.0.0.0", METRICS_PORT: "9464" }).config
          .metrics,
      ).toEqual({ host: "0.0.0.0", port: 9464, token: undefined });
    });
  });
});
