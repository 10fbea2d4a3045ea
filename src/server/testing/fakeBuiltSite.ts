import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import type { SiteManifest } from "../site/siteManifest";
import { SITE_MANIFEST_FILE } from "../site/siteManifest";

export const INDEX_HTML = `<!doctype html><html><head><link rel="preload" as="fetch" crossorigin href="/api/price/poo"><script type="module" src="/assets/index-AbC123.js"></script></head><body><div id="root"></div></body></html>\n`;
export const ENTRY_SCRIPT = `export const figures = [${Array.from({ length: 300 }, (_, i) => `"figure ${i}"`).join(",")}];\n`;
export const ENTRY_PATH = "/assets/index-AbC123.js";

export const FAKE_MANIFEST: SiteManifest = {
  contentSecurityPolicy: {
    rpcUrls: ["https://rpc.example"],
    extraConnectSrc: ["wss://relay.walletconnect.org"],
  },
};

/** A folder laid out as `npm run build` leaves dist/ (index, an entry script with its copies, a logo, the manifest). */
export function fakeBuiltSite(manifest: SiteManifest = FAKE_MANIFEST): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), "poo-site-"));
  const write = (file: string, content: string | Buffer) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), content);
  };
  const withCopies = (file: string, content: string) => {
    write(file, content);
    write(`${file}.br`, brotliCompressSync(content));
    write(`${file}.gz`, gzipSync(content));
  };
  withCopies("index.html", INDEX_HTML);
  withCopies(ENTRY_PATH.slice(1), ENTRY_SCRIPT);
  write("poo-logo.svg", `<svg xmlns="http://www.w3.org/2000/svg"></svg>\n`);
  write(SITE_MANIFEST_FILE, JSON.stringify(manifest));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
