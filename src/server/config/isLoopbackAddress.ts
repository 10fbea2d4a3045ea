import ipaddr from "ipaddr.js";

/**
 * Whether an address (or a CIDR's base address) is this machine's loopback: localhost, 127.0.0.0/8,
 * ::1, or an IPv4-mapped 127.x address. Anything that does not parse is not loopback.
 */
export function isLoopbackAddress(text: string): boolean {
  const address = text.split("/")[0] ?? "";
  if (address === "localhost") return true;
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === "loopback";
}
