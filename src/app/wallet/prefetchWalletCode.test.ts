// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { prefetchWalletCode, WALLET_CODE_META } from "./prefetchWalletCode";

afterEach(() => {
  document.head.innerHTML = "";
});

function listFiles(content: string): void {
  const meta = document.createElement("meta");
  meta.name = WALLET_CODE_META;
  meta.content = content;
  document.head.append(meta);
}

const prefetchLinks = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((link) => ({
    href: link.getAttribute("href"),
    as: link.getAttribute("as"),
    crossorigin: link.getAttribute("crossorigin"),
  }));

describe("prefetchWalletCode", () => {
  it("prefetches each listed script (as the module loader asks: crossorigin) and stylesheet", () => {
    listFiles("/assets/WalletStack-a.js /assets/WalletStack-b.css\n /assets/utils-c.js");
    expect(prefetchWalletCode(document, {})).toBe(3);
    expect(prefetchLinks()).toEqual([
      { href: "/assets/WalletStack-a.js", as: "script", crossorigin: "anonymous" },
      { href: "/assets/WalletStack-b.css", as: "style", crossorigin: null },
      { href: "/assets/utils-c.js", as: "script", crossorigin: "anonymous" },
    ]);
  });

  it("fetches nothing when the browser is asked to save data", () => {
    listFiles("/assets/WalletStack-a.js");
    expect(prefetchWalletCode(document, { connection: { saveData: true } })).toBe(0);
    expect(prefetchLinks()).toEqual([]);
  });

  it("fetches nothing without a list (the dev server) and skips what is neither script nor stylesheet", () => {
    expect(prefetchWalletCode(document, {})).toBe(0);
    listFiles("/assets/logo.svg");
    expect(prefetchWalletCode(document, {})).toBe(0);
    expect(prefetchLinks()).toEqual([]);
  });
});
