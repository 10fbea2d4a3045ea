import {
  describeCatalogueIssues,
  launchCatalogueSchema,
  type LaunchCatalogue,
} from "../../domain/launch/launchCatalogue";
import { ConfigError } from "./appConfig";

/**
 * The launchpad catalogue bundled from launchpad/ (or the folder a rig names, keyed by its path):
 * launches.local.json (written by the local stack, sale times relative to its start) wins over the
 * committed launches.json.
 */
export function parseLaunchCatalogue(files: Record<string, unknown>): LaunchCatalogue {
  const entries = Object.entries(files);
  const named = (name: string) => entries.find(([path]) => path.endsWith(`/${name}`));
  const entry = named("launches.local.json") ?? named("launches.json");
  if (!entry) throw new ConfigError(["launchpad/launches.json: missing"]);
  const source = `launchpad/${entry[0].slice(entry[0].lastIndexOf("/") + 1)}`;
  const parsed = launchCatalogueSchema.safeParse(entry[1]);
  if (!parsed.success)
    throw new ConfigError(describeCatalogueIssues(parsed.error).map((p) => `${source}: ${p}`));
  return parsed.data;
}
