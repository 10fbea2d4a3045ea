/** The meta tag in which the build lists the wallet stack's files (scripts/lib/prefetchList.ts). */
export const WALLET_CODE_META = "poo:wallet-code";

/** navigator.connection where the browser has it (Chromium): the user's data-saver setting. */
interface SaveDataHint {
  readonly connection?: { readonly saveData?: boolean };
}

/**
 * Fetches the wallet stack's files into the HTTP cache, without running them: `<link rel="prefetch">`
 * for each file the build listed. Connect Wallet then opens the modal after running the code, not after
 * downloading it first (on a phone's slow 4G, 200 KiB is more than a second). Skipped when the user
 * asked the browser to save data, and on the dev server (no list). Returns how many files it asked for.
 *
 * Scripts are prefetched with `crossorigin` (CORS mode, credentials "same-origin"), as the module
 * loader requests them: same-origin, Chrome takes the cached answer either way (checked); from another
 * origin (a CDN) only a CORS answer would do.
 */
export function prefetchWalletCode(
  doc: Document = document,
  nav: SaveDataHint = navigator as SaveDataHint,
): number {
  if (nav.connection?.saveData === true) return 0;
  const list = doc.querySelector<HTMLMetaElement>(`meta[name="${WALLET_CODE_META}"]`)?.content ?? "";
  const urls = list.split(/\s+/).filter((url) => url !== "");
  let asked = 0;
  for (const url of urls) {
    const script = url.endsWith(".js");
    if (!script && !url.endsWith(".css")) continue;
    const link = doc.createElement("link");
    link.rel = "prefetch";
    link.setAttribute("as", script ? "script" : "style");
    if (script) link.crossOrigin = "anonymous";
    link.href = url;
    doc.head.append(link);
    asked += 1;
  }
  return asked;
}
