import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

/** The production server's entry (src/server/serve.ts) as `npm run build` writes it. */
export const SERVER_ENTRY_FILE = "serve.mjs";

export interface BuiltServer {
  /** The file `node` runs: <outDir>/serve.mjs. */
  entry: string;
  /** The packages it imports at run time (each one a dependency in package.json). */
  packages: string[];
}

/** "viem/chains" -> "viem", "@hono/node-server/serve-static" -> "@hono/node-server". */
const packageName = (specifier: string): string =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");

/**
 * Compiles the API server (and the site serving beside it) to plain JavaScript with esbuild: one ESM
 * entry and its lazily loaded chunks, with source maps, so that `npm run serve` runs on Node alone, no
 * TypeScript loader. Packages stay imports (installed by `npm install`); the build fails when one of
 * them is not in package.json's dependencies, which a production install (`npm install --omit=dev`)
 * would leave out.
 */
export async function buildServer(options: { rootDir: string; outDir: string }): Promise<BuiltServer> {
  const outDir = path.resolve(options.rootDir, options.outDir);
  rmSync(outDir, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: options.rootDir,
    entryPoints: { serve: "src/server/serve.ts" },
    bundle: true,
    platform: "node",
    target: "node22",
    format: "esm",
    // The database engines load late (node:sqlite needs Node 22.13; the entry checks first).
    splitting: true,
    outdir: outDir,
    // .mjs: ESM wherever the folder is (no package.json "type" needed beside it).
    outExtension: { ".js": ".mjs" },
    chunkNames: "chunks/[name]-[hash]",
    packages: "external",
    sourcemap: true,
    metafile: true,
    logLevel: "warning",
  });
  const imported = new Set<string>();
  for (const output of Object.values(result.metafile.outputs)) {
    for (const { path: specifier, external } of output.imports) {
      if (external && !specifier.startsWith("node:")) imported.add(packageName(specifier));
    }
  }
  const manifest = JSON.parse(readFileSync(path.join(options.rootDir, "package.json"), "utf8")) as {
    dependencies?: Record<string, string>;
  };
  const missing = [...imported].filter((name) => manifest.dependencies?.[name] === undefined);
  if (missing.length > 0) {
    throw new Error(
      `The server imports ${missing.join(", ")} at run time, but package.json lists ${missing.length === 1 ? "it" : "them"} under devDependencies or not at all: move ${missing.length === 1 ? "it" : "them"} to "dependencies".`,
    );
  }
  return { entry: path.join(outDir, SERVER_ENTRY_FILE), packages: [...imported].sort() };
}

/**
 * Node's options in package.json's "serve" script (`exec node [options] dist-server/serve.mjs`), so
 * that whatever starts the built server (the browser tests, the server's process tests, the systemd
 * unit's test) runs what `npm run serve` runs. `exec`: the shell npm starts becomes node, so a signal
 * npm forwards reaches the server.
 */
export function serveNodeOptions(rootDir: string): string[] {
  const manifest = JSON.parse(readFileSync(path.join(rootDir, "package.json"), "utf8")) as {
    scripts?: Record<string, string>;
  };
  const [exec, node, ...rest] = (manifest.scripts?.serve ?? "").split(/\s+/);
  if (exec !== "exec" || node !== "node" || !rest.at(-1)?.endsWith(SERVER_ENTRY_FILE)) {
    throw new Error(
      `package.json's serve script is not "exec node [options] dist-server/${SERVER_ENTRY_FILE}"`,
    );
  }
  return rest.slice(0, -1);
}
