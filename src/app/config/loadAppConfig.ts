import type { LaunchCatalogue } from "../../domain/launch/launchCatalogue";
import { ConfigError, parseAppConfig, type AppConfig } from "./appConfig";
import { parseLaunchCatalogue } from "./parseLaunchCatalogue";

// Vite inlines these JSON files at build time; the parsers validate them. "@poo-deployments" is the
// repo's deployments/ folder unless POO_DEPLOYMENTS_DIR names another, "@poo-launchpad" launchpad/
// unless POO_LAUNCHPAD_DIR does (vite.config.ts).
const deploymentFiles: Record<string, unknown> = import.meta.glob("@poo-deployments/*.json", {
  eager: true,
  import: "default",
});
const launchFiles: Record<string, unknown> = import.meta.glob("@poo-launchpad/*.json", {
  eager: true,
  import: "default",
});

export interface LoadedConfig {
  config: AppConfig;
  launches: LaunchCatalogue;
}

/** Parses everything the app needs before it renders; one ConfigError lists every problem found. */
export function loadAppConfig(): LoadedConfig {
  const problems: string[] = [];
  const attempt = <T>(parse: () => T): T | undefined => {
    try {
      return parse();
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      problems.push(...error.problems);
      return undefined;
    }
  };
  const config = attempt(() => parseAppConfig({ VITE_CHAINS: "local", ...import.meta.env }, deploymentFiles));
  const launches = attempt(() => parseLaunchCatalogue(launchFiles));
  if (!config || !launches) throw new ConfigError(problems);
  return { config, launches };
}
