import { fileURLToPath } from "node:url";
import { indexerSettings } from "./indexerSettings.ts";

// Ponder runs the config and the handlers with the indexer folder as its root; the repository is one
// level up (deployments/, and DEPLOYMENTS_DIR relative to it).
export const settings = indexerSettings(process.env, fileURLToPath(new URL("..", import.meta.url)));
