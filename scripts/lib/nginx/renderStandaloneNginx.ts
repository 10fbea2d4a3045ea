import { readFileSync } from "node:fs";
import path from "node:path";

/** deploy/nginx/standalone.conf: nginx's main configuration for a run under a prefix of its own. */
export const NGINX_STANDALONE_TEMPLATE = path.resolve(
  import.meta.dirname,
  "../../../deploy/nginx/standalone.conf",
);

/**
 * deploy/nginx/standalone.conf for `nginx -p <prefix>`: pid, error log and temp folders under `prefix`,
 * the site configuration `siteFile` included in its http block.
 */
export function renderStandaloneNginx(
  options: { readonly prefix: string; readonly siteFile: string },
  template = readFileSync(NGINX_STANDALONE_TEMPLATE, "utf8"),
): string {
  for (const value of [options.prefix, options.siteFile]) {
    if (!path.isAbsolute(value) || /[\s;{}"'\\]/.test(value)) {
      throw new Error(`nginx: "${value}" must be an absolute path without spaces or nginx syntax.`);
    }
  }
  return template.replace(/@@(PREFIX|SITE)@@/g, (_marker, name: string) =>
    name === "PREFIX" ? options.prefix : options.siteFile,
  );
}
