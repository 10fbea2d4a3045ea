import { describe, expect, it } from "vitest";
import { chainEndpoints, ConfigError, parseAppConfig, parseAppEnv } from "./appConfig";

const good = {
  chainId: 31337,
  pooToken: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
  crapToken: "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
  staking: "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0",
  deployBlock: 3,
};
const files = (content: unknown, id = 31337): Record<string, unknown> => ({
  [`/deployments/${id}.json`]: content,
});

function problemsOf(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error("expected a ConfigError");
}

describe("parseAppConfig", () => {
  it("builds the local chain from its deployment with defaults", () => {
    const config = parseAppConfig({ VITE_CHAINS: "local" }, files(good));
    expect(config.chains).toHaveLength(1);
    expect(config.chains[0]).toMatchObject({
      key: "local",
      id: 31337,
      gatewayUrl: "/api/rpc/31337",
      rpcUrls: ["http://127.0.0.1:8545"],
    });
    expect(config.chains[0].deployment.staking).toBe(good.staking);
    expect(config.apiBaseUrl).toBe("/api");
    expect(config.indexerUrl).toBe("/indexer");
    expect(config.walletConnectProjectId).toBeUndefined();
  });

  it("reaches the indexer where VITE_INDEXER_URL says, not at all with off, and refuses anything else", () => {
    const at = (url: string) => parseAppConfig({ VITE_CHAINS: "local", VITE_INDEXER_URL: url }, files(good));
    expect(at("https://indexer.example/").indexerUrl).toBe("https://indexer.example");
    expect(at("off").indexerUrl).toBeUndefined();
    expect(problemsOf(() => at("indexer.example"))).toEqual([
      'VITE_INDEXER_URL: must be a path on the site such as /indexer, an http(s) URL, or "off"',
    ]);
  });

  it("reads Sepolia through the site's gateway first, then its public RPCs (an optional one, then the fallback)", () => {
    const config = parseAppConfig(
      {
        VITE_CHAINS: "sepolia",
        VITE_SEPOLIA_RPC_URL: "https://rpc.example/sepolia",
        VITE_SEPOLIA_FALLBACK_RPC_URL: "https://public.example",
        VITE_API_BASE_URL: "https://api.poo.finance/api/",
      },
      files({ ...good, chainId: 11155111 }, 11155111),
    );
    expect(config.chains[0].gatewayUrl).toBe("https://api.poo.finance/api/rpc/11155111");
    expect(config.chains[0].rpcUrls).toEqual(["https://rpc.example/sepolia", "https://public.example"]);
    expect(config.chains[0].explorerUrl).toBe("https://sepolia.etherscan.io");
    // No provider URL needed: the gateway, then the public fallback.
    const keyless = parseAppConfig(
      { VITE_CHAINS: "sepolia" },
      files({ ...good, chainId: 11155111 }, 11155111),
    );
    expect(keyless.chains[0]).toMatchObject({
      gatewayUrl: "/api/rpc/11155111",
      rpcUrls: ["https://ethereum-sepolia-rpc.publicnode.com"],
    });
  });

  it("gives the local chain the local stack's explorer; Sepolia keeps its own", () => {
    const config = parseAppConfig(
      {
        VITE_CHAINS: "local,sepolia",
        VITE_LOCAL_EXPLORER_URL: "http://127.0.0.1:8546",
        VITE_SEPOLIA_RPC_URL: "https://rpc.example/v3/abc",
      },
      { ...files(good), ...files({ ...good, chainId: 11155111 }, 11155111) },
    );
    expect(config.chains.map((c) => [c.key, c.explorerUrl])).toEqual([
      ["local", "http://127.0.0.1:8546"],
      ["sepolia", "https://sepolia.etherscan.io"],
    ]);
    // Without it (a build of one's own), the local chain has none: the dialogs show the hash.
    expect(parseAppConfig({ VITE_CHAINS: "local" }, files(good)).chains[0].explorerUrl).toBeUndefined();
    expect(
      problemsOf(() =>
        parseAppConfig({ VITE_CHAINS: "local", VITE_LOCAL_EXPLORER_URL: "127.0.0.1:8546" }, files(good)),
      ),
    ).toEqual(["VITE_LOCAL_EXPLORER_URL: must be an http(s) URL"]);
  });

  it("refuses an empty chain list with the spec's message", () => {
    expect(problemsOf(() => parseAppConfig({ VITE_CHAINS: " , " }, files(good))).join()).toContain(
      "No chains found on connector.",
    );
  });

  it("refuses an unknown chain name", () => {
    expect(problemsOf(() => parseAppConfig({ VITE_CHAINS: "local,mainnet" }, files(good)))[0]).toMatch(
      /VITE_CHAINS.*local or sepolia/,
    );
  });

  it("names a missing deployment file and how to make it", () => {
    expect(problemsOf(() => parseAppConfig({ VITE_CHAINS: "local" }, {}))).toEqual([
      "deployments/31337.json: missing: npm start deploys to its local chain and writes it",
    ]);
    expect(
      problemsOf(() =>
        parseAppConfig(
          { VITE_CHAINS: "sepolia", VITE_SEPOLIA_RPC_URL: "https://rpc.example" },
          {},
          "conf/dep",
        ),
      ),
    ).toEqual([
      "conf/dep/11155111.json: missing: make it with npm run deploy -- --network sepolia, or write the addresses of the real contracts into it (docs/contracts.md)",
    ]);
  });

  it("names each missing or malformed field of the deployment", () => {
    const { staking: _staking, ...withoutStaking } = good;
    const problems = problemsOf(() =>
      parseAppConfig(
        { VITE_CHAINS: "local" },
        files({ ...withoutStaking, pooToken: "0x123", deployBlock: -1 }),
      ),
    );
    expect(problems).toHaveLength(4);
    expect(
      problems.some((p) => p.startsWith("deployments/31337.json: pooToken: must be a 0x-prefixed")),
    ).toBe(true);
    // zod's own English messages (src/domain/zod.ts loads them: the mini build says "Invalid input" alone).
    expect(problems).toContain(
      "deployments/31337.json: staking: Invalid input: expected string, received undefined",
    );
    expect(problems).toContain("deployments/31337.json: deployBlock: Too small: expected number to be >=0");
    // How to make it again, once, after the file's problems.
    expect(problems.at(-1)).toBe(
      "deployments/31337.json: to replace it, npm start deploys to its local chain and writes it",
    );
  });

  it("refuses a deployment whose chainId does not match its file", () => {
    expect(
      problemsOf(() => parseAppConfig({ VITE_CHAINS: "local" }, files({ ...good, chainId: 1 }))),
    ).toEqual([
      "deployments/31337.json: chainId: is 1, expected 31337",
      "deployments/31337.json: to replace it, npm start deploys to its local chain and writes it",
    ]);
  });

  it("refuses a malformed RPC URL, naming the variable", () => {
    expect(
      problemsOf(() =>
        parseAppConfig({ VITE_CHAINS: "local", VITE_LOCAL_RPC_URL: "localhost:8545" }, files(good)),
      ),
    ).toEqual(["VITE_LOCAL_RPC_URL: must be an http(s) URL"]);
  });

  describe("the Local test wallet (the public Hardhat keys)", () => {
    const sepoliaFiles = files({ ...good, chainId: 11155111 }, 11155111);
    const wallet = (env: Record<string, string>, deployments = files(good)) =>
      parseAppConfig(env, deployments).localTestWallet;

    it("is listed with the local chain on this machine", () => {
      expect(wallet({ VITE_CHAINS: "local" })).toBe(true);
      expect(wallet({ VITE_CHAINS: "local", VITE_LOCAL_RPC_URL: "http://localhost:8545" })).toBe(true);
    });

    it("is listed for the Sepolia look-alike on loopback only when asked (npm start -- --sepolia)", () => {
      const lookAlike = {
        VITE_CHAINS: "sepolia",
        VITE_SEPOLIA_RPC_URL: "http://127.0.0.1:9",
        VITE_SEPOLIA_FALLBACK_RPC_URL: "http://127.0.0.1:8655",
      };
      expect(wallet({ ...lookAlike, VITE_LOCAL_TEST_WALLET: "true" }, sepoliaFiles)).toBe(true);
      expect(wallet(lookAlike, sepoliaFiles)).toBe(false);
    });

    it("is never listed when any configured RPC is on another machine, whatever VITE_LOCAL_TEST_WALLET says", () => {
      // The real Sepolia: its provider, and the public fallback by default.
      expect(
        wallet(
          {
            VITE_CHAINS: "sepolia",
            VITE_SEPOLIA_RPC_URL: "https://rpc.example/v3/abc",
            VITE_LOCAL_TEST_WALLET: "true",
          },
          sepoliaFiles,
        ),
      ).toBe(false);
      // A loopback provider with the public fallback behind it.
      expect(
        wallet(
          {
            VITE_CHAINS: "sepolia",
            VITE_SEPOLIA_RPC_URL: "http://127.0.0.1:8545",
            VITE_LOCAL_TEST_WALLET: "true",
          },
          sepoliaFiles,
        ),
      ).toBe(false);
      // The local chain next to a public one, or a "local" chain whose node is elsewhere.
      expect(
        wallet(
          { VITE_CHAINS: "local,sepolia", VITE_SEPOLIA_RPC_URL: "https://rpc.example/v3/abc" },
          { ...files(good), ...sepoliaFiles },
        ),
      ).toBe(false);
      expect(wallet({ VITE_CHAINS: "local", VITE_LOCAL_RPC_URL: "http://10.0.0.5:8545" })).toBe(false);
    });
  });
});

describe("parseAppEnv and chainEndpoints (what the build checks and reaches)", () => {
  it("stops a build that does not say which chains it is for, naming VITE_CHAINS", () => {
    expect(problemsOf(() => parseAppEnv({}))).toEqual([
      "VITE_CHAINS: is required: a comma-separated list of local, sepolia",
    ]);
  });

  it("lists each chain's gateway and public RPCs in the order the app tries them", () => {
    expect(
      chainEndpoints(
        parseAppEnv({
          VITE_CHAINS: "sepolia,local",
          VITE_SEPOLIA_RPC_URL: "https://rpc.example/sepolia",
          VITE_LOCAL_RPC_URL: "http://127.0.0.1:8645",
        }),
      ),
    ).toEqual([
      {
        key: "sepolia",
        id: 11155111,
        gatewayUrl: "/api/rpc/11155111",
        rpcUrls: ["https://rpc.example/sepolia", "https://ethereum-sepolia-rpc.publicnode.com"],
      },
      { key: "local", id: 31337, gatewayUrl: "/api/rpc/31337", rpcUrls: ["http://127.0.0.1:8645"] },
    ]);
  });
});
