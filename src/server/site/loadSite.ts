import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { appSecurityHeaders } from "../security/appSecurityHeaders";
import { parseSiteManifest, SITE_MANIFEST_FILE } from "./siteManifest";

/** index.html as each encoding sends it; compressed copies only when the build wrote them. */
/** Bodies typed as the Response API takes them, so that no request copies them. */
export type IndexDocument = {
  identity: Uint8Array<ArrayBuffer>;
  br: Uint8Array<ArrayBuffer> | undefined;
  gzip: Uint8Array<ArrayBuffer> | undefined;
  /** A strong validator of the identity copy; each encoding adds its own suffix. */
  etag: string;
};

/** The built web app, checked and read once at start-up. */
export type Site = {
  dir: string;
  index: IndexDocument;
  /** The security headers of every answer of the site (appSecurityHeaders, from the build's manifest). */
  headers: Record<string, string>;
};

/** The site folder cannot be served; the message says what to run. */
export class SiteError extends Error {
  override readonly name = "SiteError";
}

const readIfPresent = (file: string): Uint8Array<ArrayBuffer> | undefined =>
  existsSync(file) ? readFileSync(file) : undefined;

/** Reads `dir` as `npm run build` leaves it: index.html (+ .br/.gz) and the manifest with the CSP's origins. */
export function loadSite(dir: string): Site {
  const resolved = path.resolve(dir);
  const indexFile = path.join(resolved, "index.html");
  if (!existsSync(indexFile)) {
    throw new SiteError(`SITE_DIR: ${resolved} has no index.html; build the web app first (npm run build)`);
  }
  const manifestFile = path.join(resolved, SITE_MANIFEST_FILE);
  if (!existsSync(manifestFile)) {
    throw new SiteError(
      `SITE_DIR: ${resolved} has no ${SITE_MANIFEST_FILE} (the security policy's origins); rebuild it with npm run build`,
    );
  }
  let manifest;
  try {
    manifest = parseSiteManifest(readFileSync(manifestFile, "utf8"));
  } catch (error) {
    throw new SiteError(`SITE_DIR: ${manifestFile} is not a site manifest; rebuild it with npm run build`, {
      cause: error,
    });
  }
  const identity = readFileSync(indexFile);
  return {
    dir: resolved,
    index: {
      identity,
      br: readIfPresent(`${indexFile}.br`),
      gzip: readIfPresent(`${indexFile}.gz`),
      etag: createHash("sha256").update(identity).digest("base64url").slice(0, 27),
    },
    headers: appSecurityHeaders(manifest.contentSecurityPolicy),
  };
}
