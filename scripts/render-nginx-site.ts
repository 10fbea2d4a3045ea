import { parseArgs } from "node:util";
import { NGINX_FAIL_TIMEOUT_S, renderNginxSite } from "./lib/nginx/renderNginxSite.ts";

// deploy/nginx/poo-finance.conf with its markers filled in, on stdout (docs/operations.md#nginx-in-front).
// Plain TypeScript that Node 22 runs as it is (no tsx), so it works after a production install too:
//   node_modules/.bin/node scripts/render-nginx-site.ts --listen "443 ssl" --server-name poo.finance \
//     --upstream 10.0.0.11:8787 --upstream 10.0.0.12:8787 \
//     [--indexer 10.0.0.22:42069 --indexer 10.0.0.23:42069] > /etc/nginx/conf.d/poo-finance.conf

// Debian's logrotate rotates /var/log/nginx/*.log; nginx opens it as root, before its workers drop privileges.
const DEFAULT_ACCESS_LOG = "/var/log/nginx/poo-finance.access.log";

const usage = `Usage: node_modules/.bin/node scripts/render-nginx-site.ts --listen <listen> --upstream <host:port> [--upstream <host:port> ...] [options]

Writes deploy/nginx/poo-finance.conf with its markers filled in to stdout. Every instance gets
max_fails=1 fail_timeout=${NGINX_FAIL_TIMEOUT_S}s (docs/operations.md#rolling-restart).

  --listen <listen>        required: what follows nginx's "listen", e.g. "443 ssl" or 127.0.0.1:8080
  --upstream <host:port>   required, once per instance: API_HOST:API_PORT of an \`npm run serve\` instance
  --indexer <host:port>    once per replica of the activity indexer (\`ponder serve\`): nginx serves
                           /indexer/activity and /indexer/head from them (docs/operations.md#the-activity-indexer);
                           without it, /indexer goes to the instances (their INDEXER_URL)
  --server-name <names>    nginx's server_name (default: _ , any name)
  --access-log <file>      the access log, in the poo_finance format (default: ${DEFAULT_ACCESS_LOG})
  --help                   this text
`;

try {
  const { values } = parseArgs({
    options: {
      listen: { type: "string" },
      upstream: { type: "string", multiple: true },
      indexer: { type: "string", multiple: true },
      "server-name": { type: "string" },
      "access-log": { type: "string" },
      help: { type: "boolean" },
    },
  });
  if (values.help) {
    process.stdout.write(usage);
  } else {
    if (!values.listen) throw new Error('give --listen, e.g. --listen "443 ssl" or --listen 127.0.0.1:8080');
    process.stdout.write(
      renderNginxSite({
        listen: values.listen,
        upstreams: values.upstream ?? [],
        indexerUpstreams: values.indexer ?? [],
        serverName: values["server-name"],
        accessLog: values["access-log"] ?? DEFAULT_ACCESS_LOG,
      }),
    );
  }
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
  process.exitCode = 1;
}
