import { describe, expect, it } from "vitest";
import { servedOverHttps } from "../http/servedOverHttps";
import { siteRoutes } from "../http/siteRoutes";
import { loadSite } from "../site/loadSite";
import { fakeBuiltSite } from "../testing/fakeBuiltSite";
import { createTestApi, PROXY } from "../testing/testApi";
import { STRICT_TRANSPORT_SECURITY } from "./strictTransportSecurity";

/** The API and a site whose requests come from `x-test-peer` (default: the trusted PROXY). */
function serving(mode: "auto" | "always" | "off") {
  const site = fakeBuiltSite();
  const overHttps = servedOverHttps([PROXY], (c) => c.req.header("x-test-peer") ?? PROXY);
  const api = createTestApi({ hsts: { mode, overHttps }, site: siteRoutes(loadSite(site.dir)) });
  return { api, remove: site.remove };
}

const hstsOf = async (
  api: ReturnType<typeof createTestApi>,
  path: string,
  headers: Record<string, string>,
): Promise<string | null> =>
  (await api.request("GET", path, undefined, { headers })).headers.get("strict-transport-security");

describe("strictTransportSecurity", () => {
  it("auto: only when a trusted proxy says the client came over https, on the site and the API", async () => {
    const { api, remove } = serving("auto");
    try {
      for (const path of ["/", "/launch", "/api/price/poo", "/api/health"]) {
        expect(await hstsOf(api, path, { "x-forwarded-proto": "https" }), path).toBe(
          STRICT_TRANSPORT_SECURITY,
        );
        expect(await hstsOf(api, path, { "x-forwarded-proto": "http" }), path).toBeNull();
        expect(await hstsOf(api, path, {}), path).toBeNull();
        // A client talking to us directly cannot claim https.
        expect(
          await hstsOf(api, path, { "x-forwarded-proto": "https", "x-test-peer": "198.51.100.7" }),
          path,
        ).toBeNull();
      }
    } finally {
      remove();
    }
  });

  it("always: on every answer; off: never", async () => {
    const always = serving("always");
    const off = serving("off");
    try {
      expect(await hstsOf(always.api, "/", {})).toBe(STRICT_TRANSPORT_SECURITY);
      expect(await hstsOf(always.api, "/api/health", {})).toBe(STRICT_TRANSPORT_SECURITY);
      expect(await hstsOf(off.api, "/", { "x-forwarded-proto": "https" })).toBeNull();
      expect(await hstsOf(off.api, "/api/health", { "x-forwarded-proto": "https" })).toBeNull();
    } finally {
      always.remove();
      off.remove();
    }
  });
});
