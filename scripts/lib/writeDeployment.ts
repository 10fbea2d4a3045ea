import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Deployment } from "../../src/app/config/deploymentSchema.ts";

/**
 * Writes `<dir>/<chainId>.json` (pretty JSON) and returns its path. Synchronous on purpose: the
 * file is tiny and callers start readers (web app, API) right after it.
 */
export function writeDeployment(dir: string, deployment: Deployment): string {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${deployment.chainId}.json`);
  writeFileSync(file, `${JSON.stringify(deployment, null, 2)}\n`, "utf8");
  return file;
}
