import "@rainbow-me/rainbowkit/styles.css";
import "./index.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { ConfigError } from "./app/config/appConfig";
import { loadAppConfig } from "./app/config/loadAppConfig";
import { App } from "./app/App";
import { createWagmiConfig } from "./app/wallet/createWagmiConfig";
import { StartupError } from "./ui/shell/StartupError";

const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("#root missing from index.html");
const root = createRoot(rootElement);

try {
  const config = loadAppConfig();
  // Created once, outside React, so StrictMode's double render cannot log the wallet warning twice.
  const wagmiConfig = createWagmiConfig(config);
  root.render(
    <StrictMode>
      <App config={config} wagmiConfig={wagmiConfig} />
    </StrictMode>,
  );
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  root.render(<StartupError problems={error.problems} />);
}
