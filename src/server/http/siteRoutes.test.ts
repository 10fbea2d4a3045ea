import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { loadSite } from "../site/loadSite";
import { ENTRY_PATH, ENTRY_SCRIPT, fakeBuiltSite, INDEX_HTML } from "../testing/fakeBuiltSite";
import { createTestApi } from "../testing/testApi";
import { IMMUTABLE_ASSET_CACHE_CONTROL } from "../site/assetCaching";
import { siteRoutes } from "./siteRoutes";

let site: ReturnType<typeof fakeBuiltSite>;
beforeEach(() => {
  site = fakeBuiltSite();
});
afterEach(() => site.remove());

const serving = () => createTestApi({ site: siteRoutes(loadSite(site.dir)) });
const get = (path: string, headers: Record<string, string> = {}) =>
  serving().request("GET", path, undefined, { headers });
const bytes = async (response: Response) => Buffer.from(await response.arrayBuffer());

function expectSiteHeaders(response: Response) {
  const csp = response.headers.get("content-security-policy") ?? "";
  expect(csp).toContain("script-src 'self';");
  // The build's manifest names what the app reaches.
  expect(csp).toContain("connect-src 'self' https://rpc.example wss://relay.walletconnect.org;");
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  expect(response.headers.get("x-frame-options")).toBe("DENY");
  expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  expect(response.headers.get("cross-origin-opener-policy")).toBe("same-origin-allow-popups");
  expect(response.headers.get("permissions-policy")).toContain("camera=()");
}

describe("siteRoutes", () => {
  it("answers /, /launch and any other path with index.html, revalidated on every visit", async () => {
    for (const path of ["/", "/launch", "/index.html", "/nope/deeper", "/favicon.ico", "/.poo/site.json"]) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(response.headers.get("cache-control")).toBe("no-cache");
      expect((await bytes(response)).toString()).toBe(INDEX_HTML);
      expectSiteHeaders(response);
    }
  });

  it("sends index.html in brotli or gzip as the client accepts, with an ETag per encoding and 304 on a match", async () => {
    const br = await get("/", { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toBe("Accept-Encoding");
    expect(brotliDecompressSync(await bytes(br)).toString()).toBe(INDEX_HTML);
    const gzip = await get("/launch", { "accept-encoding": "gzip, br;q=0" });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(await bytes(gzip)).toString()).toBe(INDEX_HTML);
    expect(gzip.headers.get("etag")).not.toBe(br.headers.get("etag"));

    const etag = br.headers.get("etag") ?? "";
    const again = await get("/", { "accept-encoding": "br", "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect((await get("/", { "if-none-match": etag })).status).toBe(200);
  });

  it("serves hashed assets as immutable, precompressed as accepted, and Vary on each", async () => {
    const br = await get(ENTRY_PATH, { "accept-encoding": "br, gzip" });
    expect(br.status).toBe(200);
    expect(br.headers.get("cache-control")).toBe(IMMUTABLE_ASSET_CACHE_CONTROL);
    expect(br.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(brotliDecompressSync(await bytes(br)).toString()).toBe(ENTRY_SCRIPT);
    expectSiteHeaders(br);

    const gzip = await get(ENTRY_PATH, { "accept-encoding": "gzip" });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(await bytes(gzip)).toString()).toBe(ENTRY_SCRIPT);

    const plain = await get(ENTRY_PATH);
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toBe("Accept-Encoding");
    expect((await bytes(plain)).toString()).toBe(ENTRY_SCRIPT);
  });

  it("answers a missing asset with 404, never index.html", async () => {
    for (const path of ["/assets/nope.js", "/assets/", "/assets/.hidden.js"]) {
      const response = await get(path, { "accept-encoding": "br" });
      expect(response.status, path).toBe(404);
      expect(await response.text()).not.toContain("<html");
      expect(response.headers.get("cache-control")).toBe("no-cache");
      expectSiteHeaders(response);
    }
  });

  it("serves the build's other files (public/) revalidated", async () => {
    const response = await get("/poo-logo.svg");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expectSiteHeaders(response);
  });

  it("leaves /api to the API: its own headers, JSON answers and 404s", async () => {
    const api = serving();
    const price = await api.request("GET", "/api/price/poo");
    expect(price.status).toBe(200);
    expect(price.headers.get("content-security-policy")).toContain("default-src 'none'");
    const missing = await api.request("GET", "/api/unknown");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: "Not found." });
    expect(missing.headers.get("content-security-policy")).toContain("default-src 'none'");
    const post = await api.request("POST", "/launch", {});
    expect(post.status).toBe(404);
  });

  it("logs the route pattern of the site's answers", async () => {
    const api = serving();
    await api.request("GET", "/launch");
    await api.request("GET", ENTRY_PATH);
    const routes = api.logger.lines
      .filter((line) => line.message === "request")
      .map((line) => line.fields?.route);
    expect(routes).toEqual(["/*", "/assets/*"]);
  });
});
