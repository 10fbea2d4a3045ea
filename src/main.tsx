import "./index.css";
import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { ConfigError } from "./app/config/appConfig";
import { loadAppConfig } from "./app/config/loadAppConfig";
import { createAppServices } from "./app/createAppServices";
import { StartupError } from "./ui/shell/StartupError";

const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("#root missing from index.html");
const root = createRoot(rootElement);

try {
  const services = createAppServices(loadAppConfig());
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
