import { readFileSync } from "node:fs";
import path from "node:path";

/** deploy/nginx/poo-finance.conf: the site's nginx configuration, as operators install it. */
export const NGINX_SITE_TEMPLATE = path.resolve(
  import.meta.dirname,
  "../../../deploy/nginx/poo-finance.conf",
);

export interface NginxSiteOptions {
  /** What follows `listen`: "127.0.0.1:8080", "443 ssl". */
  readonly listen: string;
  /** The instances, each "host:port" (`npm run serve`'s API_HOST:API_PORT). */
  readonly upstreams: readonly string[];
  /** default "_" (any name). */
  readonly serverName?: string;
  /** The access log's file; default nginx's own (logs/access.log under its prefix). */
  readonly accessLog?: string;
  /**
   * The activity indexer's read replicas (`ponder serve`), each "host:port": nginx then serves
   * /indexer/activity and /indexer/head from them. None (default): the template's indexer sections
   * are left out and /indexer reaches the instances, which pass it to their INDEXER_URL.
   */
  readonly indexerUpstreams?: readonly string[];
  /** How long a failed instance is left alone before it is tried again (nginx's fail_timeout). */
  readonly failTimeoutS?: number;
}

/**
 * How long nginx leaves an instance alone after a failed connection (fail_timeout). A restarted
 * instance gets traffic again only after this: a rolling restart waits it out before the next one.
 */
export const NGINX_FAIL_TIMEOUT_S = 5;

const HOST_PORT = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+):\d{1,5}$/i;
// A value goes into one nginx directive: no directive end, block or quote may sneak in with it.
const SAFE_VALUE = /^[^;{}"'\n\\]+$/;

/**
 * deploy/nginx/poo-finance.conf with its @@…@@ markers filled in: the same file the docs tell operators
 * to install, only ports, addresses and paths differ. Throws on a value that is not one.
 */
export function renderNginxSite(
  options: NginxSiteOptions,
  template = readFileSync(NGINX_SITE_TEMPLATE, "utf8"),
): string {
  if (options.upstreams.length === 0) throw new Error("nginx site: give at least one upstream (host:port).");
  const indexers = options.indexerUpstreams ?? [];
  for (const upstream of [...options.upstreams, ...indexers]) {
    if (!HOST_PORT.test(upstream)) throw new Error(`nginx site: upstream "${upstream}" is not host:port.`);
  }
  const failTimeout = options.failTimeoutS ?? NGINX_FAIL_TIMEOUT_S;
  const servers = (upstreams: readonly string[]) =>
    upstreams
      .map((upstream) => `server ${upstream} max_fails=1 fail_timeout=${failTimeout}s;`)
      .join("\n    ");
  const values: Record<string, string> = {
    UPSTREAM_SERVERS: servers(options.upstreams),
    INDEXER_SERVERS: servers(indexers),
    LISTEN: options.listen,
    SERVER_NAME: options.serverName ?? "_",
    ACCESS_LOG: options.accessLog ?? "logs/access.log",
  };
  for (const [name, value] of Object.entries(values)) {
    if (!name.endsWith("_SERVERS") && !SAFE_VALUE.test(value)) {
      throw new Error(`nginx site: ${name} "${value}" holds a character nginx would read as syntax.`);
    }
  }
  // A section between `#@@IF_INDEXER@@` and `#@@END_IF_INDEXER@@` lines is kept (without those two
  // lines) when indexer replicas are given, and left out otherwise.
  const sections = template.replace(
    /^[ \t]*#@@IF_INDEXER@@[^\n]*\n([\s\S]*?)^[ \t]*#@@END_IF_INDEXER@@[^\n]*\n/gm,
    (_section, body: string) => (indexers.length > 0 ? body : ""),
  );
  const rendered = sections.replace(/@@([A-Z_]+)@@/g, (marker, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`nginx site: the template has an unknown marker ${marker}.`);
    return value;
  });
  return rendered;
}
