import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type Context } from "hono";
import { IMMUTABLE_ASSET_CACHE_CONTROL } from "../site/assetCaching";
import type { IndexDocument, Site } from "../site/loadSite";
import type { ApiEnv } from "./ApiEnv";

/** Paths the API answers (and /indexer, which it passes to the indexer); the site leaves them alone. */
export const isApiPath = (path: string): boolean =>
  path === "/api" || path.startsWith("/api/") || path === "/indexer" || path.startsWith("/indexer/");

/** "/.poo/site.json", "/assets/.x": nothing under a dot name is served. */
const hasDotSegment = (path: string): boolean => /(^|\/)\./.test(path);

const doNotContinue = async (): Promise<void> => undefined;

/** The encodings the client accepts (q=0 means "not this one"). */
function acceptedEncodings(c: Context): Set<string> {
  const accepted = new Set<string>();
  for (const part of (c.req.header("accept-encoding") ?? "").split(",")) {
    const [name = "", ...params] = part.split(";").map((piece) => piece.trim().toLowerCase());
    if (!params.some((param) => /^q=0(\.0*)?$/.test(param))) accepted.add(name);
  }
  return accepted;
}

/** index.html: compressed as the client accepts, revalidated on every visit (a deploy changes it). */
function serveIndex(c: Context, index: IndexDocument): Response {
  const accepted = acceptedEncodings(c);
  const [encoding, body, suffix] =
    index.br && accepted.has("br")
      ? (["br", index.br, "-br"] as const)
      : index.gzip && accepted.has("gzip")
        ? (["gzip", index.gzip, "-gz"] as const)
        : ([undefined, index.identity, ""] as const);
  const etag = `"${index.etag}${suffix}"`;
  c.header("Cache-Control", "no-cache");
  c.header("Vary", "Accept-Encoding");
  c.header("ETag", etag);
  const ifNoneMatch = c.req.header("if-none-match");
  if (ifNoneMatch?.split(",").some((tag) => tag.trim() === etag)) return c.body(null, 304);
  c.header("Content-Type", "text/html; charset=utf-8");
  c.header("Content-Length", String(body.length));
  if (encoding) c.header("Content-Encoding", encoding);
  return c.body(body, 200);
}

/**
 * The built web app beside the API (`npm run serve`): hashed `/assets/*` as immutable, precompressed
 * brotli or gzip as the client accepts, a missing one a 404; other files of the build revalidated;
 * every other path the app's index.html (the app routes in the browser). Every answer carries the
 * site's security headers (the build's CSP). Mounted before the API, whose paths it passes on.
 */
export function siteRoutes(site: Site): Hono<ApiEnv> {
  const assets = serveStatic<ApiEnv>({ root: site.dir, precompressed: true });
  const files = serveStatic<ApiEnv>({ root: site.dir });
  const securityHeaders = Object.entries(site.headers);

  return new Hono<ApiEnv>()
    .use("*", async (c, next) => {
      await next();
      if (isApiPath(c.req.path)) return;
      for (const [name, value] of securityHeaders) c.header(name, value);
    })
    .get("/assets/*", async (c) => {
      const found = hasDotSegment(c.req.path) ? undefined : await assets(c, doNotContinue);
      if (found) {
        found.headers.set("Cache-Control", IMMUTABLE_ASSET_CACHE_CONTROL);
        // Also on an uncompressed answer, so that no shared cache hands that one to every client.
        if (!found.headers.has("Vary")) found.headers.set("Vary", "Accept-Encoding");
        return found;
      }
      c.header("Cache-Control", "no-cache");
      return c.text("Not found.", 404);
    })
    .get("*", async (c, next) => {
      const { path } = c.req;
      if (isApiPath(path)) return next();
      if (path !== "/" && path !== "/index.html" && !hasDotSegment(path)) {
        const found = await files(c, doNotContinue);
        if (found) {
          found.headers.set("Cache-Control", "no-cache");
          return found;
        }
      }
      return serveIndex(c, site.index);
    });
}
