import { trustedProxyReach } from "./trustedProxyReach";

/** The widest networks a proxy list may name: 10.0.0.0/8, and fc00::/7 (IPv6 unique local). */
const MAX_IPV4 = 1n << 24n;
const MAX_IPV6 = 1n << 121n;

const WHY =
  "any client there could write its own X-Forwarded-For and choose its rate-limit key (unlimited sign-in attempts, or another client's key to lock it out)";
const WHAT = "list only your proxies' addresses or networks, e.g. 10.0.0.2 or 10.0.0.0/24";

/**
 * The TRUSTED_PROXIES line for a list that vouches for everyone, however spelt (0.0.0.0/0, ::/0,
 * ::ffff:0:0/96, 0.0.0.0/1 + 128.0.0.0/1), or with an entry wider than any proxy network (an IPv4
 * /8, an IPv6 /7: 0.0.0.0/1 is half the internet); undefined for a list of proxies.
 */
export function trustEveryoneProblem(entries: readonly string[]): string | undefined {
  if (entries.length === 0) return undefined;
  const reach = trustedProxyReach(entries);
  const listed = entries.join(",");
  if (reach.everyIpv4 || reach.everyIpv6) {
    const who =
      reach.everyIpv4 && reach.everyIpv6
        ? "every address"
        : reach.everyIpv4
          ? "every IPv4 address"
          : "every IPv6 address";
    return `TRUSTED_PROXIES: ${listed} trusts ${who}: ${WHY}; ${WHAT}`;
  }
  const tooWide = entries.find((entry) => {
    const one = trustedProxyReach([entry]);
    return one.ipv4Addresses > MAX_IPV4 || one.ipv6Addresses > MAX_IPV6;
  });
  if (tooWide !== undefined) {
    return `TRUSTED_PROXIES: ${tooWide} is wider than any proxy network (at most an IPv4 /8 or an IPv6 /7): ${WHY}; ${WHAT}`;
  }
  return undefined;
}
