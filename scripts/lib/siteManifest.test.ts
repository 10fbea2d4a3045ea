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
    expect(() => siteManifestFor({ VITE_CHAINS: "sepolia" })).toThrow(
      refusal(["VITE_SEPOLIA_RPC_URL: is required when VITE_CHAINS includes sepolia"]),
    );
  });

  it("lists the origins of the chains the build names, never an RPC URL's path (often a key)", () => {
    const manifest = siteManifestFor({
      VITE_CHAINS: "sepolia",
      VITE_SEPOLIA_RPC_URL: "https://eth-sepolia.g.alchemy.com/v2/SECRETKEY",
      // Ignored: the local chain is not in this build.
      VITE_LOCAL_RPC_URL: "http://127.0.0.1:8545",
    });
    expect(manifest).toEqual({
      contentSecurityPolicy: {
        rpcUrls: ["https://eth-sepolia.g.alchemy.com", "https://ethereum-sepolia-rpc.publicnode.com"],
        extraConnectSrc: [],
      },
    });
    expect(JSON.stringify(manifest)).not.toContain("SECRETKEY");
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
