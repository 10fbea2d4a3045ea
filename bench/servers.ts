import path from "node:path";
import { performance } from "node:perf_hooks";
import type { PreviewServer } from "vite";
import { BARE_APP_DIR, ROOT_DIR } from "./config";

export interface RunningPreview {
  /** Origin of the preview server, no trailing slash. */
  url: string;
  outDir: string;
  buildMs: number;
  close(): Promise<void>;
}

export interface OurBuildOptions {
  outDir: string;
  port: number;
  /** What the app's local chain points at (the chain itself, or the counting proxy in front of it). */
  rpcUrl: string;
  apiUrl: string | undefined;
}

/**
 * Production build of the app + `vite preview` (the app's CSP and headers), the way the local stack's
 * "preview" mode does it: the project's vite.config.ts reads VITE_* and the API target from
 * process.env when the config is loaded, so they are set before each build and preview.
 */
export async function buildAndPreviewOurs(options: OurBuildOptions): Promise<RunningPreview> {
  process.env.VITE_CHAINS = "local";
  process.env.VITE_LOCAL_RPC_URL = options.rpcUrl;
  if (options.apiUrl) process.env.POO_API_PROXY_TARGET = options.apiUrl;
  const vite = await import("vite");
  const started = performance.now();
  await vite.build({
    root: ROOT_DIR,
    logLevel: "error",
    build: { outDir: options.outDir, emptyOutDir: true, reportCompressedSize: false },
  });
  const buildMs = performance.now() - started;
  // The CSP follows process.env as set for the build.
  const server = await vite.preview({
    root: ROOT_DIR,
    logLevel: "warn",
    build: { outDir: options.outDir },
    preview: { host: "127.0.0.1", port: options.port, strictPort: true, open: false },
  });
  return wrap(server, options.port, options.outDir, buildMs);
}

/** injected: the baseline; default: getDefaultConfig. */
export type BareVariant = "injected" | "default";

export interface BareBuildOptions {
  outDir: string;
  port: number;
  rpcUrl: string;
  variant: BareVariant;
}

/** The bare RainbowKit app (bench/bare-app), built and previewed with its own vite.config.ts. */
export async function buildAndPreviewBare(options: BareBuildOptions): Promise<RunningPreview> {
  process.env.VITE_LOCAL_RPC_URL = options.rpcUrl;
  process.env.BARE_WALLETS = options.variant;
  const configFile = path.join(BARE_APP_DIR, "vite.config.ts");
  const vite = await import("vite");
  const started = performance.now();
  await vite.build({
    configFile,
    root: BARE_APP_DIR,
    logLevel: "error",
    build: { outDir: options.outDir, emptyOutDir: true, reportCompressedSize: false },
  });
  const buildMs = performance.now() - started;
  const server = await vite.preview({
    configFile,
    root: BARE_APP_DIR,
    logLevel: "warn",
    build: { outDir: options.outDir },
    preview: { host: "127.0.0.1", port: options.port, strictPort: true, open: false },
  });
  return wrap(server, options.port, options.outDir, buildMs);
}

function wrap(server: PreviewServer, port: number, outDir: string, buildMs: number): RunningPreview {
  const url = server.resolvedUrls?.local[0]?.replace(/\/$/, "") ?? `http://127.0.0.1:${port}`;
  return {
    url,
    outDir,
    buildMs,
    close: async () => {
      // Keep-alive sockets from the browsers would hold close() open.
      (server.httpServer as { closeAllConnections?: () => void }).closeAllConnections?.();
      await server.close();
    },
  };
}
