import { parseArgs } from "node:util";
import { renderNginxSite } from "./lib/nginx/renderNginxSite";

// deploy/nginx/poo-finance.conf with its markers filled in, on stdout (docs/operations.md):
//   npx tsx scripts/render-nginx-site.ts --listen "443 ssl" --server-name poo.finance \
//     --upstream 10.0.0.11:8787 --upstream 10.0.0.12:8787 [--access-log /var/log/nginx/poo.log] \
//     [--indexer 10.0.0.22:42069 --indexer 10.0.0.23:42069]   (the indexer's `ponder serve` replicas)
const { values } = parseArgs({
  options: {
    listen: { type: "string" },
    upstream: { type: "string", multiple: true },
    indexer: { type: "string", multiple: true },
    "server-name": { type: "string" },
    "access-log": { type: "string" },
  },
});
try {
  if (!values.listen) throw new Error('give --listen, e.g. --listen "443 ssl" or --listen 127.0.0.1:8080');
  process.stdout.write(
    renderNginxSite({
      listen: values.listen,
      upstreams: values.upstream ?? [],
      indexerUpstreams: values.indexer ?? [],
      serverName: values["server-name"],
      accessLog: values["access-log"] ?? "/var/log/nginx/poo-finance.access.log",
    }),
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
