// Shared with the Vite dev/preview server config, so: no Node-only imports here.

export type AppSecurityHeadersOptions = {
  /** RPC endpoints the browser talks to; only their origins go into the policy (paths may hold API keys). */
  rpcUrls?: readonly string[];
  /** Further origins the app must reach, e.g. the WalletConnect relay (wss://relay.walletconnect.org). */
  extraConnectSrc?: readonly string[];
};

/** Origin of a URL for a CSP source list; throws on anything that is not an absolute http(s)/ws(s) URL. */
function cspOrigin(url: string): string {
  const parsed = new URL(url);
  if (!["http:", "https:", "ws:", "wss:"].includes(parsed.protocol)) {
    throw new Error(`Not an http(s) or ws(s) URL for the Content-Security-Policy: ${url}`);
  }
  return `${parsed.protocol}//${parsed.host}`;
}

/**
 * The web app's Content-Security-Policy: scripts only from the app's own origin, no inline script;
 * connections only to itself (the API), its RPC endpoints and, when configured, WalletConnect.
 */
export function appContentSecurityPolicy(options: AppSecurityHeadersOptions = {}): string {
  const connect = new Set<string>(["'self'"]);
  for (const url of [...(options.rpcUrls ?? []), ...(options.extraConnectSrc ?? [])])
    connect.add(cspOrigin(url));
  const directives: Array<[string, string[]]> = [
    ["default-src", ["'self'"]],
    ["script-src", ["'self'"]],
    // RainbowKit injects <style> elements at run time.
    ["style-src", ["'self'", "'unsafe-inline'"]],
    ["img-src", ["'self'", "data:", "https:"]],
    ["font-src", ["'self'", "data:"]],
    ["connect-src", [...connect]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'self'"]],
    ["form-action", ["'self'"]],
    ["frame-ancestors", ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(" ")}`).join("; ");
}

/** Response headers for the served web app (Vite `server.headers` / `preview.headers`). */
export function appSecurityHeaders(options: AppSecurityHeadersOptions = {}): Record<string, string> {
  return {
    "Content-Security-Policy": appContentSecurityPolicy(options),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    // Wallet SDKs talk to their own popups, which "same-origin" would cut off.
    "Cross-Origin-Opener-Policy": "same-origin-allow-popups",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
  };
}
