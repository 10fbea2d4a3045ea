import http from "node:http";
import type { AddressInfo } from "node:net";

export type LoadBalancer = {
  url: string;
  setUpstreams(urls: string[]): void;
  /** Requests moved to another instance because the chosen one refused the connection. */
  readonly failovers: number;
  close(): Promise<void>;
};

const RETRYABLE_BEFORE_SENDING = new Set(["ECONNREFUSED"]);
// A reused keep-alive socket to an instance that just died fails with a reset; GET and PUT are
// idempotent, so they may be sent again. POST (sign-in) is not: the client gets a 502 and retries.
const RETRYABLE_IDEMPOTENT = new Set(["ECONNRESET", "EPIPE", "ECONNREFUSED"]);

/**
 * A small round-robin HTTP load balancer, like the one in front of a real deployment: it appends the
 * client's address to X-Forwarded-For and moves a request to the next instance when one is down.
 */
export async function startLoadBalancer(port: number, upstreams: string[]): Promise<LoadBalancer> {
  let targets = upstreams.map((url) => new URL(url));
  const down = new Map<string, number>();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });
  let next = 0;
  let failovers = 0;

  const pick = (exclude: Set<string>): URL | undefined => {
    const now = Date.now();
    for (let i = 0; i < targets.length; i += 1) {
      const target = targets[(next + i) % targets.length];
      if (!target || exclude.has(target.host) || (down.get(target.host) ?? 0) > now) continue;
      next = (next + i + 1) % targets.length;
      return target;
    }
    return undefined;
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const peer = (req.socket.remoteAddress ?? "").replace(/^::ffff:/, "");
      const prior = req.headers["x-forwarded-for"];
      const headers = { ...req.headers, "x-forwarded-for": prior ? `${String(prior)}, ${peer}` : peer };
      const idempotent = req.method === "GET" || req.method === "PUT";
      const tried = new Set<string>();
      const attempt = (): void => {
        const target = pick(tried);
        if (!target) {
          res.writeHead(502, { "content-type": "application/json" });
          res.end('{"error":"No API instance is reachable."}');
          return;
        }
        tried.add(target.host);
        const upstream = http.request(
          { host: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        upstream.on("error", (error: NodeJS.ErrnoException) => {
          if (res.headersSent) return res.destroy();
          const code = error.code ?? "";
          if (RETRYABLE_BEFORE_SENDING.has(code) || (idempotent && RETRYABLE_IDEMPOTENT.has(code))) {
            down.set(target.host, Date.now() + 1_000);
            failovers += 1;
            return attempt();
          }
          res.writeHead(502, { "content-type": "application/json" });
          res.end('{"error":"The API instance failed."}');
        });
        upstream.end(body);
      };
      attempt();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    setUpstreams(urls) {
      targets = urls.map((url) => new URL(url));
      down.clear();
    },
    get failovers() {
      return failovers;
    },
    close: () =>
      new Promise((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
