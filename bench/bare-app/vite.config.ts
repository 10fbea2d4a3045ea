import path from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompressedAssets } from "../../scripts/lib/precompressedAssets.ts";
import { immutableAssets } from "../../scripts/lib/immutableAssets.ts";

const dir = path.dirname(fileURLToPath(import.meta.url));

/**
 * The benchmark's baseline app. Dependencies resolve from the project's node_modules (two levels up).
 * BARE_WALLETS=default swaps the wallet setup for RainbowKit's getDefaultConfig; the default build
 * lists the injected wallet only.
 * VITE_LOCAL_RPC_URL: the local chain, as for the app.
 */
export default defineConfig(() => ({
  root: dir,
  envDir: dir,
  // Served like the app: hashed files immutable (scripts/lib/immutableAssets.ts), for a fair warm visit,
  // and in brotli (scripts/lib/precompressedAssets.ts), for a fair cold one.
  plugins: [react(), immutableAssets(), precompressedAssets()],
  resolve: {
    alias:
      process.env.BARE_WALLETS === "default"
        ? [{ find: /^\.\/wagmiConfig$/, replacement: path.join(dir, "wagmiConfigDefault.ts") }]
        : [],
  },
  build: { target: "es2022", sourcemap: true },
  preview: { host: "127.0.0.1", port: 9174, strictPort: true },
}));
