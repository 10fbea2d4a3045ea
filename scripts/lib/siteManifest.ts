import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { chainEndpoints, parseAppEnv } from "../../src/app/config/appConfig.ts";
import { appSecurityHeaders } from "../../src/server/security/appSecurityHeaders.ts";
import {
  parseSiteManifest,
  SITE_MANIFEST_FILE,
  type SiteManifest,
} from "../../src/server/site/siteManifest.ts";

/** Where RainbowKit's WalletConnect connector goes once a project id is configured. */
export const WALLETCONNECT_ORIGINS = [
  "wss://relay.walletconnect.org",
  "https://rpc.walletconnect.org",
  "https://api.web3modal.org",
  "https://pulse.walletconnect.org",
];

/**
 * What the app built from `env` reaches: the RPC origins of every chain VITE_CHAINS names (the same
 * list the app's transports use, src/app/config/appConfig.ts) and WalletConnect when it has a project
 * id. Throws the app's ConfigError, naming each bad variable (VITE_CHAINS unset among them).
 */
export function siteManifestFor(env: Record<string, string | undefined>): SiteManifest {
  const appEnv = parseAppEnv(env);
  const rpcOrigins = chainEndpoints(appEnv).flatMap((chain) =>
    chain.rpcUrls.map((url) => new URL(url).origin),
  );
  return {
    contentSecurityPolicy: {
      rpcUrls: [...new Set(rpcOrigins)],
      extraConnectSrc: [
        ...(appEnv.VITE_WALLETCONNECT_PROJECT_ID ? WALLETCONNECT_ORIGINS : []),
        // An indexer on another origin (VITE_INDEXER_URL=https://…); "/indexer" is the site's own.
        ...(/^https?:\/\//.test(appEnv.VITE_INDEXER_URL) ? [new URL(appEnv.VITE_INDEXER_URL).origin] : []),
      ],
    },
  };
}

/**
 * Writes the build's manifest (SITE_MANIFEST_FILE) beside index.html, for `npm run serve` to make its
 * security headers from; `vite preview` of that build sends the same headers, from the same file.
 */
export function siteManifest(manifest: SiteManifest | undefined): Plugin {
  let outDir = "";
  return {
    name: "poo:site-manifest",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    generateBundle() {
      if (!manifest) return;
      this.emitFile({
        type: "asset",
        fileName: SITE_MANIFEST_FILE,
        source: `${JSON.stringify(manifest, null, 2)}\n`,
      });
    },
    configurePreviewServer(server) {
      const file = path.join(outDir, SITE_MANIFEST_FILE);
      if (!existsSync(file)) throw new Error(`${file} is missing: build the app first (npm run build).`);
      const headers = appSecurityHeaders(parseSiteManifest(readFileSync(file, "utf8")).contentSecurityPolicy);
      server.middlewares.use((_request, response, next) => {
        for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
        next();
      });
    },
  };
}
