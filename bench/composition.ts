import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

interface SourceMap {
  sources: string[];
  mappings: string;
}

/** Decodes one mapping segment's base64 VLQ fields. */
function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    let digit = BASE64.indexOf(char);
    const more = (digit & 32) !== 0;
    digit &= 31;
    value += digit << shift;
    if (more) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/** The npm package a source path belongs to, "(app)" for the project's own code, "(other)" else. */
function packageOf(source: string): string {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (match?.[1]) return match[1];
  if (/(^|\/)(src|bench\/bare-app)\//.test(source) || /\.(tsx?|css)$/.test(source)) return "(app)";
  return "(other)";
}

/**
 * The code of a built JS file by npm package, from its source map: each generated column range is
 * charged to the source its mapping segment points at (unmapped ranges to "(unmapped)").
 */
function codeByPackage(jsFile: string): Map<string, string[]> {
  const result = new Map<string, string[]>();
  const mapFile = `${jsFile}.map`;
  const code = readFileSync(jsFile, "utf8");
  const add = (key: string, text: string): void => {
    if (text.length === 0) return;
    const list = result.get(key);
    if (list) list.push(text);
    else result.set(key, [text]);
  };
  if (!existsSync(mapFile)) {
    add("(no source map)", code);
    return result;
  }
  const map = JSON.parse(readFileSync(mapFile, "utf8")) as SourceMap;
  const lines = code.split("\n");
  const mappingLines = map.mappings.split(";");
  let sourceIndex = 0;
  for (let lineIndex = 0; lineIndex < lines.length; lineIndex++) {
    const line = lines[lineIndex] ?? "";
    const segments: { column: number; source: number | undefined }[] = [];
    let column = 0;
    for (const raw of (mappingLines[lineIndex] ?? "").split(",")) {
      if (raw === "") continue;
      const fields = decodeSegment(raw);
      column += fields[0] ?? 0;
      if (fields.length > 1) sourceIndex += fields[1] ?? 0;
      segments.push({ column, source: fields.length > 1 ? sourceIndex : undefined });
    }
    add("(unmapped)", `${line.slice(0, segments[0]?.column ?? line.length)}\n`);
    segments.forEach((segment, i) => {
      const source = segment.source === undefined ? undefined : map.sources[segment.source];
      add(
        source === undefined ? "(unmapped)" : packageOf(source),
        line.slice(segment.column, segments[i + 1]?.column),
      );
    });
  }
  return result;
}

export interface PackageShare {
  rawBytes: number;
  /** gzip -9 of this package's code alone: an estimate of what removing it from start-up saves. */
  gzipBytes: number;
}

/** Start-up JS by npm package, summed over the files (URL paths under the preview's outDir), largest first. */
export function startupComposition(outDir: string, files: readonly string[]): Record<string, PackageShare> {
  const code = new Map<string, string[]>();
  for (const file of files) {
    if (!file.startsWith("/")) continue;
    const local = path.join(outDir, file);
    if (!existsSync(local)) continue;
    for (const [key, parts] of codeByPackage(local)) code.set(key, [...(code.get(key) ?? []), ...parts]);
  }
  const shares = [...code].map(([key, parts]): [string, PackageShare] => {
    const text = Buffer.from(parts.join(""));
    return [key, { rawBytes: text.length, gzipBytes: gzipSync(text, { level: 9 }).length }];
  });
  return Object.fromEntries(shares.sort((a, b) => b[1].gzipBytes - a[1].gzipBytes));
}
