import { existsSync, readFileSync, writeFileSync } from "node:fs";
import type { ServerResponse } from "node:http";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

const CONTENT_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
};

/** Files smaller than this are sent as they are (a compressed copy would save next to nothing). */
const MIN_BYTES = 1024;

/**
 * Compressed copies of the build's files, as production static hosts serve them: the build writes
 * `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) next to each script, stylesheet and
 * SVG under `/assets/` and next to index.html. `npm run serve` (src/server/http/siteRoutes.ts) sends
 * the copy the browser accepts, brotli first. `vite preview` (the bench) sends the brotli copy of
 * `/assets/` files to browsers that accept it, instead of gzip made on the fly. The start-up script is
 * the longest download before a phone's first paint: brotli makes it about 14 % smaller than gzip.
 */
export function precompressedAssets(): Plugin {
  let outDir = "";
  return {
    name: "poo:precompressed-assets",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        const compressible =
          fileName === "index.html" ||
          (fileName.startsWith("assets/") && path.extname(fileName) in CONTENT_TYPES);
        if (!compressible) continue;
        const file = path.join(outDir, fileName);
        const content = readFileSync(file);
        if (content.length < MIN_BYTES) continue;
        const compressed = brotliCompressSync(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        });
        writeFileSync(`${file}.br`, compressed);
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
    configurePreviewServer(server) {
      const headers = server.config.preview.headers ?? {};
      server.middlewares.use((req, res: ServerResponse, next) => {
        // Normalised first, so that "/assets/../x" is judged as the "/x" it names.
        const urlPath = path.posix.normalize((req.url ?? "").split("?")[0] ?? "");
        const type = CONTENT_TYPES[path.extname(urlPath)];
        const accepts = /\bbr\b/.test(String(req.headers["accept-encoding"] ?? ""));
        const file = path.join(outDir, urlPath);
        if (
          !urlPath.startsWith("/assets/") ||
          !type ||
          !accepts ||
          (req.method !== "GET" && req.method !== "HEAD") ||
          !existsSync(`${file}.br`)
        ) {
          next();
          return;
        }
        const body = readFileSync(`${file}.br`);
        res.writeHead(200, {
          ...headers,
          "Content-Type": type,
          "Content-Encoding": "br",
          "Content-Length": String(body.length),
          Vary: "Accept-Encoding",
        });
        res.end(req.method === "HEAD" ? undefined : body);
      });
    },
  };
}
