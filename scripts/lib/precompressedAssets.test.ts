import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { precompressedAssets } from "./precompressedAssets";

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
// The hooks as the plugin defines them (plain functions), called the way Vite calls them.
type Hooks = {
  configResolved: (config: unknown) => void;
  writeBundle: (options: unknown, bundle: Record<string, unknown>) => void;
  configurePreviewServer: (server: unknown) => void;
};

let root: string;
const PAGE = `<!doctype html><html><body>${"<p>POO</p>".repeat(200)}</body></html>\n`;
const SCRIPT = `export const figures = [${Array.from({ length: 400 }, (_, i) => `"figure ${i}"`).join(",")}];\n`;

/** The plugin after a build of one script, one small script and one image, with its preview middleware. */
function builtPlugin(): Middleware {
  const hooks = precompressedAssets() as unknown as Hooks;
  hooks.configResolved({ root, build: { outDir: "dist" } });
  mkdirSync(path.join(root, "dist/assets"), { recursive: true });
  writeFileSync(path.join(root, "dist/assets/index-abc.js"), SCRIPT);
  writeFileSync(path.join(root, "dist/assets/tiny-abc.js"), "export {};\n");
  writeFileSync(path.join(root, "dist/assets/photo-abc.png"), SCRIPT);
  writeFileSync(path.join(root, "dist/index.html"), PAGE);
  hooks.writeBundle(
    {},
    { "index.html": {}, "assets/index-abc.js": {}, "assets/tiny-abc.js": {}, "assets/photo-abc.png": {} },
  );
  let middleware: Middleware | undefined;
  hooks.configurePreviewServer({
    config: { preview: { headers: { "X-Content-Type-Options": "nosniff" } } },
    middlewares: { use: (fn: Middleware) => (middleware = fn) },
  });
  if (!middleware) throw new Error("no preview middleware");
  return middleware;
}

function request(middleware: Middleware, url: string, acceptEncoding: string) {
  const res = { writeHead: vi.fn(), end: vi.fn() };
  const next = vi.fn();
  const req = { url, method: "GET", headers: { "accept-encoding": acceptEncoding } };
  middleware(req as unknown as IncomingMessage, res as unknown as ServerResponse, next);
  return { res, next };
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "brotli-assets-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("precompressedAssets", () => {
  it("writes a brotli and a gzip copy of scripts and index.html, not of small files or images", () => {
    builtPlugin();
    for (const [file, content] of [
      ["dist/assets/index-abc.js", SCRIPT],
      ["dist/index.html", PAGE],
    ] as const) {
      const br = readFileSync(path.join(root, `${file}.br`));
      expect(brotliDecompressSync(br).toString()).toBe(content);
      expect(br.length).toBeLessThan(content.length / 4);
      const gz = readFileSync(path.join(root, `${file}.gz`));
      expect(gunzipSync(gz).toString()).toBe(content);
      expect(gz.length).toBeLessThan(content.length / 4);
    }
    for (const file of ["dist/assets/tiny-abc.js", "dist/assets/photo-abc.png"]) {
      expect(() => readFileSync(path.join(root, `${file}.br`))).toThrow();
      expect(() => readFileSync(path.join(root, `${file}.gz`))).toThrow();
    }
  });

  it("sends that copy, with the preview's headers, to a browser that accepts brotli", () => {
    const { res, next } = request(builtPlugin(), "/assets/index-abc.js?v=1", "gzip, deflate, br, zstd");
    expect(next).not.toHaveBeenCalled();
    const [status, headers] = res.writeHead.mock.calls[0] as [number, Record<string, string>];
    expect(status).toBe(200);
    expect(headers).toMatchObject({
      "Content-Encoding": "br",
      "Content-Type": "text/javascript; charset=utf-8",
      Vary: "Accept-Encoding",
      "X-Content-Type-Options": "nosniff",
    });
    const body = res.end.mock.calls[0]?.[0] as Buffer;
    expect(headers["Content-Length"]).toBe(String(body.length));
    expect(brotliDecompressSync(body).toString()).toBe(SCRIPT);
  });

  it("leaves everything else to Vite: no brotli accepted, no copy, outside /assets/, escaping paths", () => {
    const middleware = builtPlugin();
    // A brotli file outside /assets/ that an escaping path would reach.
    writeFileSync(path.join(root, "dist/outside.js.br"), "not for the preview to send");
    for (const [url, accept] of [
      ["/assets/index-abc.js", "gzip, deflate"],
      ["/assets/tiny-abc.js", "br"],
      ["/assets/missing.js", "br"],
      ["/index.html", "br"],
      ["/assets/../assets/index-abc.js.br", "br"],
      ["/assets/../../etc/passwd.js", "br"],
      ["/assets/../outside.js", "br"],
    ]) {
      const { res, next } = request(middleware, url ?? "", accept ?? "");
      expect(next, url).toHaveBeenCalledOnce();
      expect(res.writeHead, url).not.toHaveBeenCalled();
    }
  });
});
