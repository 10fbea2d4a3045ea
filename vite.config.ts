import { createRequire } from "node:module";
import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig, loadEnv } from "vite";
import { immutableAssets } from "./scripts/lib/immutableAssets.ts";
import { precompressedAssets } from "./scripts/lib/precompressedAssets.ts";
import { prefetchList } from "./scripts/lib/prefetchList.ts";
import { pricePreload } from "./scripts/lib/pricePreload.ts";
import { readDeploymentFiles } from "./scripts/lib/readDeploymentFiles.ts";
import { siteManifest, siteManifestFor } from "./scripts/lib/siteManifest.ts";
import { startupChunk } from "./scripts/lib/startupChunk.ts";
import { ConfigError, parseAppConfig } from "./src/app/config/appConfig.ts";
import { WALLET_CODE_META } from "./src/app/wallet/prefetchWalletCode.ts";
import { appSecurityHeaders } from "./src/server/security/appSecurityHeaders.ts";
import type { SiteManifest } from "./src/server/site/siteManifest.ts";

/**
 * React Router 7's package exports name its development build only (dev warnings and checks on every
 * navigation and render); the production build sits beside it. Builds take that one.
 */
function reactRouterProductionAliases(): { find: RegExp; replacement: string }[] {
  const development = path.dirname(createRequire(import.meta.url).resolve("react-router"));
  const production = path.join(development, "..", "production");
  return [
    { find: /^react-router$/, replacement: path.join(production, "index.mjs") },
    { find: /^react-router\/dom$/, replacement: path.join(production, "dom-export.mjs") },
  ];
}

export default defineConfig(({ command, mode }) => {
  const env = { ...loadEnv(mode, process.cwd(), "VITE_"), ...process.env };
  // The API server (src/server) answers under /api; the local stack tells Vite where it listens.
  const apiTarget = env.POO_API_PROXY_TARGET ?? "http://127.0.0.1:8787";
  // xfwd: the API tells clients apart by X-Forwarded-For from this proxy (a trusted loopback hop).
  // The activity indexer (indexer/, Ponder) answers under /indexer on the site's own origin, as
  // `npm run serve` and nginx pass it on: the CSP stays 'self'.
  const indexerTarget = env.POO_INDEXER_PROXY_TARGET ?? "http://127.0.0.1:42069";
  const proxy = {
    "/api": { target: apiTarget, changeOrigin: false, xfwd: true },
    "/indexer": {
      target: indexerTarget,
      changeOrigin: true,
      rewrite: (path: string) => path.replace(/^\/indexer/, "") || "/",
    },
  };
  // deployments/<chainId>.json are bundled from here; a rig with its own deployment (the Sepolia-mode
  // browser tests) points POO_DEPLOYMENTS_DIR at another folder rather than writing into the repo's.
  const deploymentsDir = path.resolve(env.POO_DEPLOYMENTS_DIR || "deployments");
  // A build says which chains it is for (nothing is assumed), and what its bundle reaches goes into
  // the manifest that `npm run serve` and `vite preview` make the CSP from (scripts/lib/siteManifest.ts).
  let manifest: SiteManifest | undefined;
  if (command === "build") {
    try {
      // Each chain's deployment file too, as the page would at start-up: a build without one would
      // serve every visitor "POO Finance cannot start".
      const deployments = readDeploymentFiles(deploymentsDir);
      parseAppConfig(env, deployments.files, deployments.label);
      manifest = siteManifestFor(env);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      throw new Error(
        `The web app cannot be built:\n${error.problems.map((problem) => `  - ${problem}`).join("\n")}\n` +
          "Set them in the environment or in .env (see .env.example), e.g. VITE_CHAINS=sepolia.",
      );
    }
  }
  // The dev server needs React's inline refresh preamble, so it gets the other headers, no CSP.
  const { "Content-Security-Policy": _csp, ...devHeaders } = appSecurityHeaders();
  // The same for the launch catalogue (launches.local.json before the committed launches.json).
  const launchpadDir = path.resolve(env.POO_LAUNCHPAD_DIR || "launchpad");
  const startup = startupChunk();
  return {
    // The app's default API base is "/api" (src/app/config/appConfig.ts).
    plugins: [
      react(),
      siteManifest(manifest),
      startup.plugin,
      immutableAssets(),
      precompressedAssets(),
      pricePreload(env.VITE_API_BASE_URL?.trim() || "/api"),
      // The wallet stack's files, fetched (not run) after a first visit's first interaction.
      prefetchList({ module: "src/app/wallet/WalletStack.tsx", metaName: WALLET_CODE_META }),
    ],
    resolve: {
      alias: [
        { find: "@poo-deployments", replacement: deploymentsDir },
        { find: "@poo-launchpad", replacement: launchpadDir },
        ...(command === "build" ? reactRouterProductionAliases() : []),
      ],
    },
    envPrefix: "VITE_",
    server: { host: "127.0.0.1", port: 5173, strictPort: true, proxy, headers: devHeaders },
    // Its security headers come from the build's manifest (siteManifest).
    preview: { host: "127.0.0.1", port: 4173, strictPort: true, proxy },
    build: {
      sourcemap: true,
      target: "es2022",
      // What the entry loads statically stays one file (see scripts/lib/startupChunk.ts).
      rolldownOptions: {
        output: { codeSplitting: { groups: [{ name: "startup", test: startup.isStartupModule }] } },
      },
    },
  };
});
