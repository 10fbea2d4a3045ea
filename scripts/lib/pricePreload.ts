import type { Plugin } from "vite";

/** The price's path under the API base (src/adapters/http/HttpPriceSource.ts asks for the same). */
export const POO_PRICE_PATH = "/price/poo";

/**
 * Puts `<link rel="preload" as="fetch" crossorigin href="{apiBase}/price/poo">` into index.html, so the
 * POO price (the Stake page's largest text) is requested by the document itself while the start-up
 * script is still downloading; the app's own `fetch` of that URL then takes the preloaded answer
 * instead of asking again. The browser reuses it only if the two requests match: same URL, `cors` mode
 * and `same-origin` credentials (`crossorigin` = anonymous; fetch's defaults, which
 * src/adapters/http/getPriceJson.ts keeps). e2e/specs/asset-stats.spec.ts checks there is one request:
 * with `credentials: "include"` in the app's fetch it sees two.
 * The app starts the price query on every route (src/main.tsx), so the preload is never wasted.
 */
export function pricePreload(apiBaseUrl: string): Plugin {
  const href = `${apiBaseUrl.replace(/\/$/, "")}${POO_PRICE_PATH}`;
  return {
    name: "poo:price-preload",
    transformIndexHtml: () => [
      {
        tag: "link",
        attrs: { rel: "preload", as: "fetch", crossorigin: true, href },
        injectTo: "head-prepend",
      },
    ],
  };
}
