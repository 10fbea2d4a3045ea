import { describe, expect, it } from "vitest";
import { appContentSecurityPolicy, appSecurityHeaders } from "./appSecurityHeaders";

describe("appSecurityHeaders", () => {
  it("allows scripts only from the app itself and never inline", () => {
    const csp = appContentSecurityPolicy();
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: https:");
    expect(csp).toContain("frame-ancestors 'none'");
    // The built app talks to its RPCs over http(s): no websocket anywhere.
    expect(csp).toContain("connect-src 'self';");
  });

  it("adds RPC and extra origins to connect-src without their paths (which may carry keys)", () => {
    const csp = appContentSecurityPolicy({
      rpcUrls: [
        "http://127.0.0.1:8545",
        "https://eth-sepolia.g.alchemy.com/v2/SECRET",
        "http://127.0.0.1:8545/",
      ],
      extraConnectSrc: ["wss://relay.walletconnect.org"],
    });
    expect(csp).toContain(
      "connect-src 'self' http://127.0.0.1:8545 https://eth-sepolia.g.alchemy.com wss://relay.walletconnect.org;",
    );
    expect(csp).not.toContain("SECRET");
  });

  it("refuses values that are not http(s)/ws(s) URLs instead of writing them into the policy", () => {
    expect(() => appContentSecurityPolicy({ rpcUrls: ["javascript:alert(1)"] })).toThrow();
    expect(() => appContentSecurityPolicy({ rpcUrls: ["not a url; script-src *"] })).toThrow();
  });

  it("sets nosniff, frame and referrer headers", () => {
    expect(appSecurityHeaders()).toMatchObject({
      "X-Content-Type-Options": "nosniff",
      "X-Frame-Options": "DENY",
      "Referrer-Policy": "strict-origin-when-cross-origin",
    });
  });
});
