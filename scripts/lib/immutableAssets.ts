import type { ServerResponse } from "node:http";
import type { Plugin } from "vite";
import { IMMUTABLE_ASSET_CACHE_CONTROL } from "../../src/server/site/assetCaching.ts";

/**
 * `vite preview` answers every file with `Cache-Control: no-cache`, so a returning visitor's browser
 * asks the server again for each script before it may use its cached copy: one round trip per file,
 * and one more for every file a loaded chunk imports in turn. The files under `/assets/` carry a hash
 * of their content in their name and never change, so a real host serves them as immutable. This
 * makes the preview (the bench) do what `npm run serve` does (the same header), so that a warm visit
 * measures what it would in production. index.html and other files keep `no-cache`.
 */
export function immutableAssets(): Plugin {
  return {
    name: "poo:immutable-assets",
    apply: "serve",
    configurePreviewServer(server) {
      server.middlewares.use((req, res: ServerResponse, next) => {
        const path = (req.url ?? "").split("?")[0] ?? "";
        if (path.startsWith("/assets/")) {
          // The static handler sets its own Cache-Control in writeHead's headers; replace it there.
          const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
          res.writeHead = ((status: number, ...rest: unknown[]) => {
            const headers = rest.find(
              (arg): arg is Record<string, unknown> => typeof arg === "object" && arg !== null,
            );
            if (headers && status === 200) headers["Cache-Control"] = IMMUTABLE_ASSET_CACHE_CONTROL;
            else if (status === 200) res.setHeader("Cache-Control", IMMUTABLE_ASSET_CACHE_CONTROL);
            return writeHead(status, ...rest);
          }) as typeof res.writeHead;
        }
        next();
      });
    },
  };
}
