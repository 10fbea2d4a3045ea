import { describe, expect, it } from "vitest";
import { TARGETS } from "./config";
import { judgeTargets, type BenchResult } from "./report";
import type { ServeResults, ServeRow, ServerFigures } from "./serveLoad";
import { serveTableLines } from "./serveTable";

const figures = (rps: number, overrides: Partial<ServerFigures> = {}): ServerFigures => ({
  rps,
  p50Ms: 1.234,
  p99Ms: 9.876,
  requests: rps * 8,
  non2xx: 0,
  errors: 0,
  durationS: 8,
  status: 200,
  encoding: "gzip",
  bodyBytes: 2048,
  ...overrides,
});

const row = (path: string, acceptEncoding: string, serve: ServerFigures, nginx: ServerFigures): ServeRow => ({
  path,
  what: path === "/" ? "index.html" : "start-up script",
  acceptEncoding,
  nginxRole: path.startsWith("/api/") ? "proxy to serve" : "static",
  serve,
  nginx,
  rpsRatio: serve.rps / nginx.rps,
  first: "serve",
});

const results = (rows: ServeRow[]): ServeResults => ({
  connections: 10,
  durationS: 8,
  warmupS: 1,
  nginx: "nginx/1.22.1",
  servedApp: { nodeEnv: "production", logLevel: "info", logLines: 0 },
  siteBuildMs: 15_000,
  rows,
});

const benchResult = (serve: ServeResults | undefined): BenchResult => ({
  meta: {} as BenchResult["meta"],
  serve,
  targets: [],
  errors: [],
});

const target = (result: BenchResult) =>
  judgeTargets(result).find((t) => t.name.startsWith("npm run serve: index.html"));

describe("the serve phase's table", () => {
  it("one line per route: each server's rps, p50 and p99, and serve/nginx as a percentage", () => {
    const lines = serveTableLines(
      results([
        row(
          "/",
          "gzip, deflate, br, zstd",
          figures(3000, { encoding: "br", bodyBytes: 1536 }),
          figures(12000),
        ),
        row("/api/price/poo", "gzip, deflate, br, zstd", figures(2500), figures(2000)),
      ]),
    );
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(
      /^route\s+Accept-Encoding\s+answer serve \/ nginx\s+serve rps\s+p50\s+p99\s+nginx rps/,
    );
    expect(lines[1]).toMatch(
      /^\/ \(index\.html\)\s+gzip, deflate, br, zstd\s+br 1\.5 KiB \/ gzip 2\.0 KiB\s+3,000\s+1\.23\s+9\.88\s+12,000\s+1\.23\s+9\.88\s+25%$/,
    );
    expect(lines[2]).toMatch(/^\/api\/price\/poo \[nginx → serve\]\s.*\s125%$/);
  });

  it("marks a run with connection errors or non-2xx answers, and says how many", () => {
    const lines = serveTableLines(
      results([
        row("/", "gzip", figures(3000, { non2xx: 12, requests: 24000 }), figures(9000, { errors: 3 })),
      ]),
    );
    expect(lines[1]).toMatch(/3,000 !\s.*9,000 !/);
    expect(lines.slice(2)).toEqual([
      "! serve / (gzip): 0 connection errors, 12 non-2xx of 24000",
      "! nginx / (gzip): 3 connection errors, 0 non-2xx of 72000",
    ]);
  });
});

describe("the serve target (index.html, the browser's Accept-Encoding)", () => {
  const browser = "gzip, deflate, br, zstd";
  it("met at the target share of nginx's rps, not met below it; the gzip-only row does not count", () => {
    const at = TARGETS.serveIndexVsNginx * 10_000;
    expect(target(benchResult(results([row("/", browser, figures(at), figures(10_000))])))?.met).toBe(true);
    const below = results([
      row("/", "gzip", figures(10_000), figures(10_000)),
      row("/", browser, figures(at - 100), figures(10_000)),
    ]);
    expect(target(benchResult(below))).toMatchObject({
      met: false,
      detail: expect.stringMatching(/ vs 10000 rps/),
    });
  });

  it("not measured (phase skipped or failed): n/a, never met", () => {
    expect(target(benchResult(undefined))).toMatchObject({ met: null, detail: "not measured" });
  });
});
