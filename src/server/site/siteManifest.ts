import { z } from "zod";
import type { AppSecurityHeadersOptions } from "../security/appSecurityHeaders";

/**
 * Written by the web build beside index.html (scripts/lib/siteManifest.ts) and read by the server that
 * serves it: what the built app reaches, so that its Content-Security-Policy comes from the same
 * configuration as the bundle. A dot folder: the server never serves it as a file.
 */
export const SITE_MANIFEST_FILE = ".poo/site.json";

export type SiteManifest = {
  /** appSecurityHeaders' options for this build: the RPC and WalletConnect origins the app reaches. */
  contentSecurityPolicy: Required<AppSecurityHeadersOptions>;
};

const origins = z.array(z.url({ protocol: /^(https?|wss?)$/ }));

const siteManifestSchema = z.object({
  contentSecurityPolicy: z.object({ rpcUrls: origins, extraConnectSrc: origins }),
});

/** Parses the manifest's JSON text; throws with the first problem. */
export function parseSiteManifest(text: string): SiteManifest {
  return siteManifestSchema.parse(JSON.parse(text));
}
