import { StrictMode } from "react";
import { createRoot } from "react-dom/client";

/**
 * The floor: the same page without wagmi and RainbowKit (a plain button where ConnectButton was).
 * Built when BARE_WALLETS=none, to show what React alone scores on the machine.
 */
const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("#root missing from index.html");

createRoot(rootElement).render(
  <StrictMode>
    <main style={{ fontFamily: "system-ui, sans-serif", padding: 24 }}>
      <h1>Bare RainbowKit app</h1>
      <button type="button">Connect Wallet</button>
    </main>
  </StrictMode>,
);
