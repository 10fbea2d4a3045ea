import { BlockList, isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/** The TCP peer's address, or undefined without a Node socket (app.request() in tests). */
export function socketPeerAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/** "::ffff:10.0.0.1" -> "10.0.0.1", "[::1]:443" -> "::1", "10.0.0.1:80" -> "10.0.0.1"; undefined if not an IP. */
export function normalizeAddress(text: string): string | undefined {
  let value = text.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed?.[1] !== undefined) value = bracketed[1];
  else if (/^[\d.]+:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(":"));
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(value);
  if (mapped?.[1] !== undefined) value = mapped[1];
  return isIP(value) === 0 ? undefined : value.toLowerCase();
}

/** A matcher for TRUSTED_PROXIES entries (addresses or CIDRs, already validated by the config). */
export function trustedProxyList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = "", prefix] = entry.split("/");
    const type = isIP(address) === 6 ? "ipv6" : "ipv4";
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

/**
 * The client's address for rate limits. X-Forwarded-For is read from the right, one hop at a time,
 * only while the hop that added the entry is a trusted proxy; the first untrusted hop is the client.
 * A client can prepend anything it likes, but never gets past the entry our own proxy appended.
 */
export function clientAddressResolver(
  trustedProxies: readonly string[],
  peerAddress: (c: Context) => string | undefined = socketPeerAddress,
): (c: Context) => string {
  const trusted = trustedProxyList(trustedProxies);
  const isTrusted = (address: string) => trusted.check(address, isIP(address) === 6 ? "ipv6" : "ipv4");
  return (c) => {
    const peer = normalizeAddress(peerAddress(c) ?? "");
    if (peer === undefined) return "unknown";
    if (!isTrusted(peer)) return peer;
    const forwarded = (c.req.header("x-forwarded-for") ?? "")
      .split(",")
      .map((entry) => entry.trim())
      .filter((entry) => entry.length > 0);
    let client = peer;
    for (let index = forwarded.length - 1; index >= 0; index -= 1) {
      const hop = normalizeAddress(forwarded[index] ?? "");
      // A trusted proxy never appends junk: stop at the last hop we could vouch for.
      if (hop === undefined) return client;
      client = hop;
      if (!isTrusted(hop)) return hop;
    }
    return client;
  };
}
