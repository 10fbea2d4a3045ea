import type { LoadedConfig } from "./config/loadAppConfig";
import { createContainer } from "./container/createContainer";
import type { AppServices } from "./providers/AppProviders";
import { createQueryClient, createQueryPersister } from "./query/createQueryClient";

/** Everything created once per page load, outside React (StrictMode renders twice in development). */
export function createAppServices({ config, launches }: LoadedConfig): AppServices {
  return {
    config,
    queryClient: createQueryClient(),
    persister: createQueryPersister(window.localStorage, config.storagePrefix),
    container: createContainer({ appConfig: config, launches, storage: window.localStorage }),
  };
}
