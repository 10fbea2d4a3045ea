import ipaddr from "ipaddr.js";

/** How much of the address space a TRUSTED_PROXIES list vouches for. */
export type TrustedProxyReach = {
  /** Every IPv4 client (0.0.0.0/0, ::ffff:0:0/96, 0.0.0.0/1 + 128.0.0.0/1, ::/0, …). */
  everyIpv4: boolean;
  /** Every IPv6 client (::/0, ::/1 + 8000::/1, …). */
  everyIpv6: boolean;
  /** IPv4 addresses trusted, IPv4-mapped IPv6 entries included. */
  ipv4Addresses: bigint;
  /** IPv6 addresses trusted, the IPv4-mapped range left out. */
  ipv6Addresses: bigint;
};

const SPACE = 1n << 128n;
/** ::ffff:0:0/96, where IPv4 clients sit on a dual-stack socket (Node's BlockList matches them so). */
const MAPPED_START = 0xffffn << 32n;
const MAPPED_END = MAPPED_START + (1n << 32n);

function toBigInt(bytes: readonly number[]): bigint {
  return bytes.reduce((value, byte) => (value << 8n) | BigInt(byte), 0n);
}

/** [start, end) in the IPv6 space, IPv4 entries placed at their IPv4-mapped addresses. */
function rangeOf(entry: string): [bigint, bigint] {
  const [address = "", prefix] = entry.split("/");
  let parsed = ipaddr.parse(address);
  let bits = prefix === undefined ? (parsed.kind() === "ipv4" ? 32 : 128) : Number(prefix);
  if (parsed.kind() === "ipv4") {
    parsed = (parsed as ipaddr.IPv4).toIPv4MappedAddress();
    bits += 96;
  }
  const size = 1n << BigInt(128 - bits);
  const start = (toBigInt(parsed.toByteArray()) / size) * size;
  return [start, start + size];
}

function overlap([start, end]: [bigint, bigint], from: bigint, to: bigint): bigint {
  const low = start > from ? start : from;
  const high = end < to ? end : to;
  return high > low ? high - low : 0n;
}

/**
 * What a validated list of addresses and CIDRs trusts, spelt any way: the union of its ranges,
 * so that "::/1, 8000::/1" is seen to be "::/0" and "::ffff:0:0/96" to be "0.0.0.0/0".
 */
export function trustedProxyReach(entries: readonly string[]): TrustedProxyReach {
  const ranges = entries.map(rangeOf).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const merged: [bigint, bigint][] = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last && range[0] <= last[1]) last[1] = range[1] > last[1] ? range[1] : last[1];
    else merged.push([range[0], range[1]]);
  }
  const sum = (pick: (range: [bigint, bigint]) => bigint) =>
    merged.reduce((total, range) => total + pick(range), 0n);
  const ipv4Addresses = sum((range) => overlap(range, MAPPED_START, MAPPED_END));
  const ipv6Addresses = sum((range) => range[1] - range[0]) - ipv4Addresses;
  return {
    everyIpv4: ipv4Addresses === 1n << 32n,
    everyIpv6: ipv6Addresses === SPACE - (1n << 32n),
    ipv4Addresses,
    ipv6Addresses,
  };
}
