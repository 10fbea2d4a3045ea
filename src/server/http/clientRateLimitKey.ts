import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

/**
 * What per-client rate limits count a client address under: an IPv4 address as itself; an IPv6
 * address by its /64, since one host (or one home or phone) is normally handed a whole /64 and can
 * pick any address in it; an IPv4-mapped IPv6 address (::ffff:a.b.c.d, in any spelling) as the
 * IPv4 address. Zone ids are dropped. Anything that is not an IP address (e.g. "unknown") is its
 * own key. ipaddr.js does the parsing: every spelling of one address yields one key.
 */
export function clientRateLimitKey(address: string): string {
  // node's strict check first: ipaddr.js also takes legacy IPv4 forms such as "127.1" or "0x7f.1".
  const plain = address.split("%")[0] ?? "";
  if (isIP(plain) === 0) return address;
  const parsed = ipaddr.process(plain);
  if (parsed.kind() === "ipv4") return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/64`;
}
