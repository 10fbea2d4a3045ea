/**
 * Whether a URL points at this machine: localhost, 127.0.0.0/8 or ::1. The local chain, the development
 * origins and the public Hardhat keys belong there; a public deployment must not rely on any of them.
 * Anything that is not an absolute URL is not loopback.
 */
export function isLoopbackUrl(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const hostname = new URL(url).hostname.toLowerCase();
  return hostname === "localhost" || hostname === "[::1]" || /^127(\.\d{1,3}){3}$/.test(hostname);
}
