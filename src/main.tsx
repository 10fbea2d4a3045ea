import "./index.css";
import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { ConfigError } from "./app/config/appConfig";
import { loadAppConfig } from "./app/config/loadAppConfig";
import { createAppServices } from "./app/createAppServices";
import { TOKENS } from "./application/serviceTokens";
import { pooPriceQueryOptions } from "./ui/stake/usePooPrice";
import { StartupError } from "./ui/shell/StartupError";

const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("#root missing from index.html");
const root = createRoot(rootElement);

/** Resolves in a later task of the event loop: what follows it runs in a task of its own. */
const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Parses the configuration, builds the services and starts the first render, each step in a task of
 * its own after the one in which the browser evaluates the bundle's modules: a throttled phone's main
 * thread is then never busy for long before the page shows (the one set-up task took 25-30 ms here
 * unthrottled, four times that on Lighthouse's phone, where every task over 50 ms counts in Total
 * Blocking Time), and a tap in between is handled at once.
 */
async function start(): Promise<void> {
  try {
    await nextTask();
    const loaded = loadAppConfig();
    await nextTask();
    const services = createAppServices(loaded);
    await nextTask();
    // index.html preloads the price (scripts/lib/pricePreload.ts): take that answer on every route, so
    // the Stake page shows the price as soon as it renders and the preload is never left unused.
    void services.queryClient.prefetchQuery(
      pooPriceQueryOptions(services.container.get(TOKENS.lookupPooPrice)),
    );
    // A transition lets React render the first screen in slices, so the main thread is never blocked
    // for long while the page starts (phones feel this as taps that do nothing).
    startTransition(() =>
      root.render(
        <StrictMode>
          <App services={services} />
        </StrictMode>,
      ),
    );
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    root.render(<StartupError problems={error.problems} />);
  }
}

void start();
