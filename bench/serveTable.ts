import type { ServeResults, ServerFigures } from "./serveLoad";

const rps = (value: number): string => Math.round(value).toLocaleString("en-US");
const ms = (value: number | null): string => (value === null ? "—" : value.toFixed(2));
const answer = (f: ServerFigures): string =>
  `${f.encoding} ${(f.bodyBytes / 1024).toLocaleString("en-US", { maximumFractionDigits: 1, minimumFractionDigits: 1 })} KiB`;
/** A run with errors or non-2xx answers: its figures are not of the route's normal answer. */
const flag = (f: ServerFigures): string => (f.errors > 0 || f.non2xx > 0 ? " !" : "");

/**
 * The serve phase's table, one line per route and Accept-Encoding: each server's rps and p50/p99 (ms),
 * and serve/nginx rps; a "!" marks a run that had connection errors or non-2xx answers.
 */
export function serveTableLines(result: ServeResults): string[] {
  const header = [
    "route",
    "Accept-Encoding",
    "answer serve / nginx",
    "serve rps",
    "p50",
    "p99",
    "nginx rps",
    "p50",
    "p99",
    "serve/nginx",
  ];
  const rows = result.rows.map((row) => [
    `${row.path === "/" ? "/ (index.html)" : row.path}${row.nginxRole === "proxy to serve" ? " [nginx → serve]" : ""}`,
    row.acceptEncoding,
    `${answer(row.serve)} / ${answer(row.nginx)}`,
    rps(row.serve.rps) + flag(row.serve),
    ms(row.serve.p50Ms),
    ms(row.serve.p99Ms),
    rps(row.nginx.rps) + flag(row.nginx),
    ms(row.nginx.p50Ms),
    ms(row.nginx.p99Ms),
    row.rpsRatio === null ? "—" : `${(row.rpsRatio * 100).toFixed(0)}%`,
  ]);
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((cells) => (cells[i] ?? "").length)));
  // Text columns left-aligned, figures right-aligned.
  const line = (cells: string[]): string =>
    cells
      .map((cell, i) => (i < 3 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join("  ")
      .trimEnd();
  const lines = [line(header), ...rows.map(line)];
  const flagged = result.rows.flatMap((row) =>
    (["serve", "nginx"] as const)
      .filter((server) => flag(row[server]))
      .map(
        (server) =>
          `! ${server} ${row.path} (${row.acceptEncoding}): ${row[server].errors} connection errors, ${row[server].non2xx} non-2xx of ${row[server].requests}`,
      ),
  );
  return [...lines, ...flagged];
}

/** The index.html row a browser's first request gets (browser Accept-Encoding), if measured. */
export function indexRow(result: ServeResults | undefined) {
  return result?.rows.find((row) => row.path === "/" && row.acceptEncoding.includes("br"));
}
