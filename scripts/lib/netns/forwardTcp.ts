import { connect, createServer, type Socket } from "node:net";

export interface TcpEndpoint {
  readonly host: string;
  readonly port: number;
}

/**
 * A TCP forwarder: each connection to `from` is piped to a new connection to `to`. The multi-host
 * tests' test hosts reach the chain and the market-data stand-in, which run in the root namespace,
 * through one (a sidecar on their own loopback, as the server accepts plain http only there).
 */
export async function forwardTcp(from: TcpEndpoint, to: TcpEndpoint): Promise<{ close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(to);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(from.port, from.host, resolve);
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
