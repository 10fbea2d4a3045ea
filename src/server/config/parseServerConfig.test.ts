import { describe, expect, it } from "vitest";
import { ConfigError, parseServerConfig } from "./parseServerConfig";

const SECRET = "s".repeat(32);

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
      rpcUrls: { 31337: "http://127.0.0.1:8545", 11155111: expect.stringMatching(/^https:\/\//) },
      deploymentsDir: "deployments",
      databasePath: "data/poo.sqlite",
      registrableLaunchIds: ["crap"],
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
      DEV_POO_PRICE_USD: "0.5",
      SESSION_SECRET: SECRET,
      SIWE_ALLOWED_ORIGINS: "https://poo.finance, https://app.poo.finance/",
      SIWE_ALLOWED_CHAIN_IDS: "11155111,10",
      CHAIN_RPC_URLS: '{"10":"https://optimism.example/rpc","11155111":"https://overridden.example"}',
      CHAIN_RPC_URL_11155111: "https://sepolia.example/v2/key",
      DEPLOYMENTS_DIR: "/srv/deployments",
      DATABASE_PATH: ":memory:",
      REGISTRABLE_LAUNCH_IDS: "crap,poo",
    });
    expect(config).toMatchObject({
      nodeEnv: "production",
      host: "localhost",
      port: 0,
      cmcApiKey: "abcdef01-2345-6789",
      devPooPriceUsd: 0.5,
      sessionSecret: SECRET,
      allowedOrigins: ["https://poo.finance", "https://app.poo.finance"],
      allowedChainIds: [11155111, 10],
      rpcUrls: { 10: "https://optimism.example/rpc", 11155111: "https://sepolia.example/v2/key" },
      deploymentsDir: "/srv/deployments",
      databasePath: ":memory:",
      registrableLaunchIds: ["crap", "poo"],
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
      REGISTRABLE_LAUNCH_IDS: "CRAP",
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
      "REGISTRABLE_LAUNCH_IDS",
      "CHAIN_RPC_URL_31337",
    ]);
    expect(new ConfigError(problems).message).toMatch(/^Invalid API server configuration:\n {2}- NODE_ENV: /);
  });

  it("requires SESSION_SECRET outside development", () => {
    expect(problemsOf({ NODE_ENV: "production" })).toEqual([
      "SESSION_SECRET: required when NODE_ENV is production",
    ]);
    expect(problemsOf({ NODE_ENV: "test" })).toEqual(["SESSION_SECRET: required when NODE_ENV is test"]);
  });

  it("requires an RPC URL for an allowed chain it has no default for", () => {
    expect(problemsOf({ SESSION_SECRET: SECRET, SIWE_ALLOWED_CHAIN_IDS: "31337,8453" })).toEqual([
      "CHAIN_RPC_URL_8453: required because SIWE_ALLOWED_CHAIN_IDS includes 8453",
    ]);
  });
});
