import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { appContentSecurityPolicy } from "../../src/server/security/appSecurityHeaders";
import { parseSiteManifest, SITE_MANIFEST_FILE } from "../../src/server/site/siteManifest";
import { siteManifest, siteManifestFor, WALLETCONNECT_ORIGINS } from "./siteManifest";

/** The app's ConfigError with exactly these problems. */
const refusal = (problems: string[]) => expect.objectContaining({ name: "ConfigError", problems });

describe("siteManifestFor (what a build reaches, for its CSP)", () => {
  it("refuses a build that does not name its chains", () => {
    expect(() => siteManifestFor({})).toThrow(
      refusal(["VITE_CHAINS: is required: a comma-separated list of local, sepolia"]),
    );
  });

  it("builds for Sepolia without a provider's URL: the site itself (its gateway) and the public fallback", () => {
    const manifest = siteManifestFor({ VITE_CHAINS: "sepolia", VITE_LOCAL_RPC_URL: "http://127.0.0.1:8545" });
    expect(manifest).toEqual({
      contentSecurityPolicy: {
        rpcUrls: ["https://ethereum-sepolia-rpc.publicnode.com"],
        extraConnectSrc: [],
      },
    });
    expect(appContentSecurityPolicy(manifest.contentSecurityPolicy)).toContain(
      "connect-src 'self' https://ethereum-sepolia-rpc.publicnode.com;",
    );
    // An API on another origin: the gateway's origin is reached too.
    expect(
      siteManifestFor({ VITE_CHAINS: "sepolia", VITE_API_BASE_URL: "https://api.poo.finance/api" })
        .contentSecurityPolicy.rpcUrls,
    ).toEqual(["https://api.poo.finance", "https://ethereum-sepolia-rpc.publicnode.com"]);
  });

  it("refuses an RPC URL that looks like it holds a key, naming the variable, never the key; unless told it is public", () => {
    const env = {
      VITE_CHAINS: "sepolia,local",
      VITE_SEPOLIA_RPC_URL: "https://eth-sepolia.g.alchemy.com/v2/Zx3kP9qR7tLmN2vB8cD4fG6hJ1wY5sA0",
      VITE_SEPOLIA_FALLBACK_RPC_URL: "https://rpc.example/sepolia?apikey=abc",
    };
    let problems: string[] = [];
    try {
      siteManifestFor(env);
    } catch (error) {
      problems = (error as { problems: string[] }).problems;
    }
    expect(problems).toEqual([
      "VITE_SEPOLIA_RPC_URL: looks like it holds a provider's key (its path holds a key-like segment of 32 characters), and VITE_ variables are compiled into the public bundle. The browser reads through the site's gateway: give the provider's URL to the server as CHAIN_RPC_URL_11155111 and set VITE_SEPOLIA_RPC_URL to a public RPC, or leave it unset (ALLOW_KEY_LIKE_VITE_RPC_URL=true builds it anyway, for a URL that is public).",
      expect.stringMatching(
        /^VITE_SEPOLIA_FALLBACK_RPC_URL: looks like it holds a provider's key \(its query has a "apikey" parameter\)/,
      ),
    ]);
    expect(problems.join("\n")).not.toContain("Zx3kP9qR7tLmN2vB8cD4fG6hJ1wY5sA0");
    expect(
      siteManifestFor({ ...env, ALLOW_KEY_LIKE_VITE_RPC_URL: "true" }).contentSecurityPolicy.rpcUrls,
    ).toEqual(["https://eth-sepolia.g.alchemy.com", "https://rpc.example", "http://127.0.0.1:8545"]);
  });

  it("adds WalletConnect's origins only with a project id", () => {
    const manifest = siteManifestFor({ VITE_CHAINS: "local", VITE_WALLETCONNECT_PROJECT_ID: "abc123" });
    expect(manifest.contentSecurityPolicy).toEqual({
      rpcUrls: ["http://127.0.0.1:8545"],
      extraConnectSrc: WALLETCONNECT_ORIGINS,
    });
    // What the server reads back gives the policy the app needs.
    const csp = appContentSecurityPolicy(parseSiteManifest(JSON.stringify(manifest)).contentSecurityPolicy);
    expect(csp).toContain("connect-src 'self' http://127.0.0.1:8545 wss://relay.walletconnect.org");
  });

  it("makes vite preview send the headers of the build's own manifest", () => {
    const root = mkdtempSync(path.join(tmpdir(), "site-manifest-"));
    try {
      const manifest = siteManifestFor({ VITE_CHAINS: "local", VITE_LOCAL_RPC_URL: "http://127.0.0.1:8645" });
      mkdirSync(path.join(root, "dist", ".poo"), { recursive: true });
      writeFileSync(path.join(root, "dist", SITE_MANIFEST_FILE), JSON.stringify(manifest));
      const hooks = siteManifest(undefined) as unknown as {
        configResolved: (config: unknown) => void;
        configurePreviewServer: (server: unknown) => void;
      };
      hooks.configResolved({ root, build: { outDir: "dist" } });
      let middleware: ((req: IncomingMessage, res: ServerResponse, next: () => void) => void) | undefined;
      hooks.configurePreviewServer({ middlewares: { use: (fn: typeof middleware) => (middleware = fn) } });
      const res = { setHeader: vi.fn() };
      const next = vi.fn();
      middleware?.({} as IncomingMessage, res as unknown as ServerResponse, next);
      expect(next).toHaveBeenCalledOnce();
      expect(res.setHeader).toHaveBeenCalledWith(
        "Content-Security-Policy",
        expect.stringContaining("connect-src 'self' http://127.0.0.1:8645;"),
      );
      expect(res.setHeader).toHaveBeenCalledWith("X-Frame-Options", "DENY");
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
