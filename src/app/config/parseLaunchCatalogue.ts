import {
  describeCatalogueIssues,
  launchCatalogueSchema,
  type LaunchCatalogue,
} from "../../domain/launch/launchCatalogue";
import { ConfigError } from "./appConfig";

/**
 * The launchpad catalogue bundled from launchpad/: launches.local.json (written by the local stack,
 * sale times relative to its start) wins over the committed launches.json.
 */
export function parseLaunchCatalogue(files: Record<string, unknown>): LaunchCatalogue {
  const entries = Object.entries(files);
  const entry =
    entries.find(([path]) => path.endsWith("/launchpad/launches.local.json")) ??
    entries.find(([path]) => path.endsWith("/launchpad/launches.json"));
  if (!entry) throw new ConfigError(["launchpad/launches.json: missing"]);
  const source = entry[0].slice(entry[0].indexOf("launchpad/"));
  const parsed = launchCatalogueSchema.safeParse(entry[1]);
  if (!parsed.success)
    throw new ConfigError(describeCatalogueIssues(parsed.error).map((p) => `${source}: ${p}`));
  return parsed.data;
}
