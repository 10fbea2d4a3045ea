import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Abi, Hex } from "viem";

/** Hardhat's artifacts folder of this repository (scripts/lib -> repo root). */
export const DEFAULT_ARTIFACTS_DIR: string = fileURLToPath(new URL("../../artifacts", import.meta.url));

/** The parts of a Hardhat artifact that deploying and calling a contract need. */
export interface ContractArtifact {
  contractName: string;
  sourceName: string;
  abi: Abi;
  bytecode: Hex;
  deployedBytecode: Hex;
}

/**
 * Reads `<artifactsDir>/contracts/**\/<contractName>.json` straight from disk, so plain Node
 * scripts can deploy without loading the Hardhat runtime.
 */
export async function loadArtifact(
  contractName: string,
  artifactsDir: string = DEFAULT_ARTIFACTS_DIR,
): Promise<ContractArtifact> {
  const file = await findArtifactFile(path.join(artifactsDir, "contracts"), `${contractName}.json`);
  if (file === undefined) {
    throw new Error(`No artifact for ${contractName} under ${artifactsDir}: run \`npm run compile\` first.`);
  }
  const parsed = JSON.parse(await readFile(file, "utf8")) as ContractArtifact;
  if (!Array.isArray(parsed.abi) || !parsed.bytecode?.startsWith("0x")) {
    throw new Error(`Artifact ${file} has no ABI or bytecode.`);
  }
  return parsed;
}

async function findArtifactFile(dir: string, fileName: string): Promise<string | undefined> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return undefined;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isFile() && entry.name === fileName) return full;
    if (entry.isDirectory()) {
      const found = await findArtifactFile(full, fileName);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}
