import "@rainbow-me/rainbowkit/styles.css";
import "./index.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { ConfigError } from "./app/config/appConfig";
import { loadAppConfig } from "./app/config/loadAppConfig";
import { App } from "./app/App";
import { StartupError } from "./ui/shell/StartupError";

const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("#root missing from index.html");
const root = createRoot(rootElement);

try {
  const config = loadAppConfig();
  root.render(
    <StrictMode>
      <App config={config} />
    </StrictMode>,
  );
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  root.render(<StartupError problems={error.problems} />);
}
