import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { chainEndpoints, ConfigError, parseAppEnv } from "../../src/app/config/appConfig.ts";
import { appSecurityHeaders } from "../../src/server/security/appSecurityHeaders.ts";
import {
  parseSiteManifest,
  SITE_MANIFEST_FILE,
  type SiteManifest,
} from "../../src/server/site/siteManifest.ts";
import { keyInUrl } from "./keyInUrl.ts";

/** Where RainbowKit's WalletConnect connector goes once a project id is configured. */
export const WALLETCONNECT_ORIGINS = [
  "wss://relay.walletconnect.org",
  "https://rpc.walletconnect.org",
  "https://api.web3modal.org",
  "https://pulse.walletconnect.org",
];

/** The build's RPC variables per chain: each is compiled into the bundle, so none may hold a key. */
const RPC_VARIABLES = {
  local: ["VITE_LOCAL_RPC_URL"],
  sepolia: ["VITE_SEPOLIA_RPC_URL", "VITE_SEPOLIA_FALLBACK_RPC_URL"],
} as const;

/** Set to true to build with an RPC URL that only looks like it holds a key (see keyInUrl). */
export const ALLOW_KEY_VARIABLE = "ALLOW_KEY_LIKE_VITE_RPC_URL";

/**
 * What the app built from `env` reaches: the public RPC origins of every chain VITE_CHAINS names
 * (the same list the app's transports use after the site's own gateway, src/app/config/appConfig.ts;
 * the gateway is the site itself, 'self', unless VITE_API_BASE_URL names another origin) and
 * WalletConnect when it has a project id. Throws the app's ConfigError, naming each bad variable
 * (VITE_CHAINS unset among them), and each RPC URL that looks like it holds a provider's key: the
 * bundle is public, and the key belongs to the server (CHAIN_RPC_URL_<id>), which relays the reads.
 */
export function siteManifestFor(env: Record<string, string | undefined>): SiteManifest {
  const appEnv = parseAppEnv(env);
  const endpoints = chainEndpoints(appEnv);
  if (env[ALLOW_KEY_VARIABLE]?.trim() !== "true") {
    const problems = endpoints.flatMap((chain) =>
      RPC_VARIABLES[chain.key].flatMap((name) => {
        const url = appEnv[name];
        const why = url === undefined ? undefined : keyInUrl(url);
        if (why === undefined) return [];
        return [
          `${name}: looks like it holds a provider's key (${why}), and VITE_ variables are compiled into the public bundle. ` +
            `The browser reads through the site's gateway: give the provider's URL to the server as CHAIN_RPC_URL_${chain.id} ` +
            `and set ${name} to a public RPC, or leave it unset (${ALLOW_KEY_VARIABLE}=true builds it anyway, for a URL that is public).`,
        ];
      }),
    );
    if (problems.length > 0) throw new ConfigError(problems);
  }
  const reached = endpoints.flatMap((chain) => [chain.gatewayUrl, ...chain.rpcUrls]);
  // A relative gateway (/api/rpc/<id>) is the site's own origin, 'self' in the policy.
  const rpcOrigins = reached.filter((url) => URL.canParse(url)).map((url) => new URL(url).origin);
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
