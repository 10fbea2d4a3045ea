/** Chromium's flags for a browser that runs MetaMask from `extensionDir` (and no other extension). */
export function metaMaskBrowserArgs(extensionDir: string): string[] {
  return [
    `--disable-extensions-except=${extensionDir}`,
    `--load-extension=${extensionDir}`,
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ];
}
