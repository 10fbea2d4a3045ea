import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { startNginx, type RunningNginx } from "../startNginx";

/** A small HTTP server standing in for an `npm run serve` instance, and every request it received. */
export interface StandIn {
  readonly server: Server;
  /** "127.0.0.1:<port>" */
  readonly address: string;
  readonly hits: IncomingMessage[];
}

export type StandInHandler = (request: IncomingMessage, response: ServerResponse) => void;

/** 200 with a header the instance owns (nginx must pass it on) and `body`. */
export function answer(response: ServerResponse, body: string): void {
  response.writeHead(200, { "content-security-policy": "default-src 'self'" });
  response.end(body);
}

/** A stand-in on a free 127.0.0.1 port; `handle` runs once the request's body has been read. */
export async function standIn(handle: StandInHandler): Promise<StandIn> {
  const hits: IncomingMessage[] = [];
  const server = createServer((request, response) => {
    hits.push(request);
    request.resume();
    request.on("end", () => handle(request, response));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { server, address: `127.0.0.1:${port}`, hits };
}

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * What a test started (nginx, stand-ins), stopped by `stopAll` (in afterEach). Stand-ins drop their
 * open connections first: a test may leave requests hanging on purpose.
 */
export class NginxRig {
  private readonly running: Array<() => Promise<void>> = [];

  async standIn(handle: StandInHandler): Promise<StandIn> {
    const instance = await standIn(handle);
    this.running.push(
      () =>
        new Promise<void>((resolve) => {
          instance.server.closeAllConnections();
          instance.server.close(() => resolve());
        }),
    );
    return instance;
  }

  /** nginx with deploy/nginx/poo-finance.conf in front of `upstreams` (and the indexer's replicas). */
  async nginx(upstreams: readonly string[], indexerUpstreams: readonly string[] = []): Promise<RunningNginx> {
    const nginx = await startNginx({
      port: await freePort(),
      upstreams,
      indexerUpstreams,
      log: () => undefined,
    });
    this.running.push(() => nginx.stop());
    return nginx;
  }

  async stopAll(): Promise<void> {
    for (const stop of this.running.splice(0).reverse()) await stop();
  }
}
