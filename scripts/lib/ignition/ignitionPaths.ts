import path from "node:path";
import { fileURLToPath } from "node:url";

/** The repository's ignition/ folder: modules/, parameters/ and the journals of real deployments. */
export const IGNITION_DIR: string = fileURLToPath(new URL("../../../ignition", import.meta.url));

/** ignition/parameters/<network>.json: the module parameters for that Hardhat network. */
export function parametersFile(network: string): string {
  return path.join(IGNITION_DIR, "parameters", `${network}.json`);
}
