import { timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Logger } from "../ports/Logger";
import type { ServerMetrics } from "./ServerMetrics";

export type MetricsServer = {
  /** e.g. http://127.0.0.1:9464/metrics */
  url: string;
  close(): Promise<void>;
};

export type MetricsServerOptions = {
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** When set, a scrape must send `Authorization: Bearer <token>`. */
  token: string | undefined;
  metrics: ServerMetrics;
  logger: Logger;
};

function bearerMatches(header: string | undefined, token: string): boolean {
  const presented = Buffer.from(/^Bearer (.+)$/.exec(header ?? "")?.[1] ?? "");
  const expected = Buffer.from(token);
  return presented.length === expected.length && timingSafeEqual(presented, expected);
}

/**
 * GET /metrics on a listener of its own (METRICS_HOST:METRICS_PORT), apart from the site and the API:
 * a proxy in front of the API port never exposes it, and a firewall can open it to the monitoring
 * host alone. Anything else is 404; without the token (when one is set), 401.
 */
export async function startMetricsServer(options: MetricsServerOptions): Promise<MetricsServer> {
  const server = createServer((request, response) => {
    const path = (request.url ?? "").split("?")[0];
    if ((request.method !== "GET" && request.method !== "HEAD") || path !== "/metrics") {
      response.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Not found.\n");
      return;
    }
    if (options.token !== undefined && !bearerMatches(request.headers.authorization, options.token)) {
      response
        .writeHead(401, {
          "content-type": "text/plain; charset=utf-8",
          "www-authenticate": 'Bearer realm="metrics"',
        })
        .end("Unauthorized.\n");
      return;
    }
    options.metrics.exposition().then(
      ({ contentType, text }) => {
        response.writeHead(200, { "content-type": contentType, "cache-control": "no-store" });
        response.end(request.method === "HEAD" ? undefined : text);
      },
      (error: unknown) => {
        options.logger.warn("Metrics could not be collected", {
          reason: error instanceof Error ? error.message : String(error),
        });
        response.writeHead(500, { "content-type": "text/plain; charset=utf-8" }).end("Metrics failed.\n");
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { address, port } = server.address() as AddressInfo;
  return {
    url: `http://${address.includes(":") ? `[${address}]` : address}:${port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
