import http from "node:http";

export type HttpAnswer = { status: number; headers: http.IncomingHttpHeaders; body: string; ms: number };

/**
 * One simulated client: its own source address on the loopback network (127.x.y.z all reach lo on
 * Linux), so the proxy sees distinct clients as it would on the internet, and a keep-alive connection.
 */
export class ClientAgent {
  private readonly agent: http.Agent;

  constructor(
    readonly address: string,
    private readonly baseUrl: string,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: 4, localAddress: address });
  }

  request(
    method: string,
    path: string,
    options: { body?: string; headers?: Record<string, string> } = {},
  ): Promise<HttpAnswer> {
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const req = http.request(
        `${this.baseUrl}${path}`,
        { method, agent: this.agent, headers: options.headers, timeout: 30_000 },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks).toString("utf8"),
              ms: performance.now() - started,
            }),
          );
          res.on("error", reject);
        },
      );
      req.on("timeout", () => req.destroy(new Error("timeout")));
      req.on("error", reject);
      req.end(options.body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** The n-th distinct client address: 127.<prefix>.x.y. */
export function clientAddress(prefix: number, n: number): string {
  return `127.${prefix}.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
}
