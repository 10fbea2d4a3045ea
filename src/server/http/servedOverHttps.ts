import { isIP } from "node:net";
import type { Context } from "hono";
import { normalizeAddress, socketPeerAddress, trustedProxyList } from "./clientAddress";

/**
 * Whether the client reached us over https: this server speaks plain HTTP, so only a trusted proxy
 * (TRUSTED_PROXIES) in front of it can say so, with X-Forwarded-Proto (its first entry: the hop
 * nearest the client). Anyone else's X-Forwarded-Proto is ignored.
 */
export function servedOverHttps(
  trustedProxies: readonly string[],
  peerAddress: (c: Context) => string | undefined = socketPeerAddress,
): (c: Context) => boolean {
  const trusted = trustedProxyList(trustedProxies);
  return (c) => {
    const peer = normalizeAddress(peerAddress(c) ?? "");
    if (peer === undefined || !trusted.check(peer, isIP(peer) === 6 ? "ipv6" : "ipv4")) return false;
    const proto = c.req.header("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
    return proto === "https";
  };
}
