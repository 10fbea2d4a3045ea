import type { ParsedVariables } from "./parseServerConfig";
import { trustEveryoneProblem } from "./trustEveryoneProblem";

const EXAMPLE = "e.g. 10.0.0.2 or 10.0.0.0/24";

/**
 * What production refuses in TRUSTED_PROXIES. Rate limits count clients by the address the proxy
 * reports; without the proxy in the list every client is the proxy (one client's failed sign-ins
 * close sign-in for everyone), and with everyone in it every client picks its own key.
 */
export function trustedProxyProblems(
  isSet: boolean,
  values: Pick<ParsedVariables, "TRUSTED_PROXIES">,
  refusedAlready: boolean,
): string[] {
  if (refusedAlready) return [];
  const entries = values.TRUSTED_PROXIES;
  if (!isSet || entries === undefined) {
    return [
      `TRUSTED_PROXIES: required when NODE_ENV is production: the addresses or networks of the proxies in front of this server (${EXAMPLE}); without them every client would count as the proxy, and one client's failed sign-ins would close sign-in for everyone`,
    ];
  }
  if (entries.length === 0) {
    return [
      `TRUSTED_PROXIES: "none" is refused when NODE_ENV is production: behind a proxy every client would count as the proxy's address, so one client's failed sign-ins would close sign-in for everyone; list your proxies' addresses or networks (${EXAMPLE})`,
    ];
  }
  const trustAll = trustEveryoneProblem(entries);
  return trustAll === undefined ? [] : [trustAll];
}
