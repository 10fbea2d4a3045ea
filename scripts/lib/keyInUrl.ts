/** Query parameters that carry credentials at the RPC providers we know of (and elsewhere). */
const SECRET_PARAMETER = /key|token|secret|auth|pass|signature|sig$|access|credential|dkey|apikey/i;
const HEX_KEY = /^(0x)?[0-9a-f]{24,}$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A random token: letters and digits (and - _) of some length, not a word-like path ("eth_sepolia", "v2"). */
const TOKEN = /^[A-Za-z0-9_-]{20,}$/;

function looksRandom(part: string): boolean {
  if (HEX_KEY.test(part) || UUID.test(part)) return true;
  if (!TOKEN.test(part) || !/[0-9]/.test(part) || !/[A-Za-z]/.test(part)) return false;
  const digits = part.replace(/[^0-9]/g, "").length;
  const mixedCase = /[a-z]/.test(part) && /[A-Z]/.test(part);
  return mixedCase || digits / part.length >= 0.2;
}

/**
 * Why `url` looks like it holds a provider's key (credentials, a key-named query parameter, a
 * random-looking path segment or query value, as Infura, Alchemy, QuickNode, Ankr, Chainstack or
 * dRPC put them), or undefined for a URL that looks public (a host and a word-like path). Says where
 * the key-like part is, never the part itself.
 */
export function keyInUrl(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.username || parsed.password) return "it carries credentials (user:password@)";
  for (const [name, value] of parsed.searchParams) {
    if (SECRET_PARAMETER.test(name)) return `its query has a "${name}" parameter`;
    if (looksRandom(value))
      return `its query parameter "${name}" holds a key-like value of ${value.length} characters`;
  }
  const segments = parsed.pathname.split("/").map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  });
  const keyLike = segments.find(looksRandom);
  if (keyLike !== undefined) return `its path holds a key-like segment of ${keyLike.length} characters`;
  return undefined;
}
