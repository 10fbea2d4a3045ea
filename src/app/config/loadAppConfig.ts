import { parseAppConfig, type AppConfig } from "./appConfig";

// Vite inlines the JSON of every deployment file at build time; parseAppConfig validates them.
const deploymentFiles: Record<string, unknown> = import.meta.glob("../../../deployments/*.json", {
  eager: true,
  import: "default",
});

export function loadAppConfig(): AppConfig {
  return parseAppConfig({ VITE_CHAINS: "local", ...import.meta.env }, deploymentFiles);
}
