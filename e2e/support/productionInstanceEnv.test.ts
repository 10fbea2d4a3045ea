import { describe, expect, it } from "vitest";
import { ConfigError, parseServerConfig } from "../../src/server/config/parseServerConfig";
import { e2eProductionPorts } from "./ports";
import { productionInstanceEnv } from "./productionInstanceEnv";

const WEB = `http://127.0.0.1:${e2eProductionPorts.web}`;
const env = productionInstanceEnv({
  webUrl: WEB,
  chainId: 31337,
  chainUrl: `http://127.0.0.1:${e2eProductionPorts.chain}`,
  cmcApiUrl: "http://127.0.0.1:9",
  cmcApiKey: "cmc-0123456789abcdef",
  sessionSecret: "0123456789abcdef0123456789abcdef0123456789abcdef",
  databaseUrl: "postgres://poo:poo@127.0.0.1:5432/poo_e2e_production",
  deploymentsDir: "/tmp/deployments",
});

function problemsOf(variables: Record<string, string>): readonly string[] {
  try {
    parseServerConfig(variables);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe("the production project's instances: production checks on, but the two the topology cannot meet", () => {
  it("start as production with it", () => {
    expect(problemsOf(env)).toEqual([]);
    expect(parseServerConfig(env).config.nodeEnv).toBe("production");
  });

  it("without ALLOW_LOCAL_CHAIN, exactly two refusals: the loopback origin and chain 31337", () => {
    expect(problemsOf({ ...env, ALLOW_LOCAL_CHAIN: "false" })).toEqual([
      expect.stringMatching(new RegExp(`^SIWE_ALLOWED_ORIGINS: ${WEB} is on this machine \\(loopback\\)`)),
      expect.stringMatching(/^SIWE_ALLOWED_CHAIN_IDS: 31337 is the local Hardhat chain/),
    ]);
  });
});
