import { isIP } from "node:net";
import type { Context } from "hono";
import { normalizeAddress, socketPeerAddress, trustedProxyList } from "./clientAddress";

/**
 * The peer's address when a request carries X-Forwarded-For from a peer that TRUSTED_PROXIES does not
 * list (the header is then ignored: the peer is the client); undefined otherwise. Behind a proxy
 * that is missing from the list, every request shows it, so a wrong setting is seen at once.
 */
export function untrustedForwarder(
  trustedProxies: readonly string[],
  peerAddress: (c: Context) => string | undefined = socketPeerAddress,
): (c: Context) => string | undefined {
  const trusted = trustedProxyList(trustedProxies);
  return (c) => {
    if (!c.req.header("x-forwarded-for")?.trim()) return undefined;
    const peer = normalizeAddress(peerAddress(c) ?? "");
    if (peer === undefined) return undefined;
    return trusted.check(peer, isIP(peer) === 6 ? "ipv6" : "ipv4") ? undefined : peer;
  };
}
