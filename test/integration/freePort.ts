import http from "node:http";
import type { AddressInfo } from "node:net";

/** A loopback port that was free a moment ago (for a process that must be told its port up front). */
export async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
