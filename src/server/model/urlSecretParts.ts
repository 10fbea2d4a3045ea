/**
 * The pieces of a provider URL that may be its key, as text could repeat them: the URL itself, its
 * path and query, each path segment and query value, its credentials. Pieces shorter than 6
 * characters ("v2", "/") are left out: they are not secrets, and replacing them would garble text.
 * Longest first, so that a longer piece is replaced before a piece of it.
 */
export function urlSecretParts(url: string): string[] {
  const parsed = new URL(url);
  const parts = [
    url,
    url.replace(/\/$/, ""),
    `${parsed.host}${parsed.pathname}`,
    parsed.pathname,
    parsed.search,
  ];
  parts.push(...parsed.pathname.split("/"), ...parsed.searchParams.values());
  parts.push(decodeURIComponent(parsed.username), decodeURIComponent(parsed.password));
  return [...new Set(parts)].filter((part) => part.length >= 6).sort((a, b) => b.length - a.length);
}
