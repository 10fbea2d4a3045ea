import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ConfigError } from "../../src/app/config/appConfig.ts";

export interface DeploymentFiles {
  /** Each `<chainId>.json`, parsed, keyed by its path (as Vite's import.meta.glob keys the ones it bundles). */
  readonly files: Record<string, unknown>;
  /** The folder as messages name it: relative to the working directory when inside it. */
  readonly label: string;
}

/**
 * The deployment files of `dir`, for the build to check before it bundles them. Throws a ConfigError
 * naming each file that is not JSON.
 */
export function readDeploymentFiles(dir: string): DeploymentFiles {
  const relative = path.relative(process.cwd(), dir);
  const label = relative.startsWith("..") || path.isAbsolute(relative) ? dir : relative || ".";
  const files: Record<string, unknown> = {};
  const problems: string[] = [];
  const names = existsSync(dir) ? readdirSync(dir).filter((file) => file.endsWith(".json")) : [];
  for (const name of names) {
    try {
      files[path.join(dir, name)] = JSON.parse(readFileSync(path.join(dir, name), "utf8"));
    } catch (error) {
      problems.push(`${label}/${name}: not JSON (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return { files, label };
}
