import type { NetworkHooks } from "hardhat/types/hooks";
import type { ChainType, NetworkConnection } from "hardhat/types/network";
import type { EthereumProvider } from "hardhat/types/providers";

export interface SimulatedChain {
  /** JSON-RPC over HTTP (and WebSocket) on 127.0.0.1. */
  url: string;
  /** The provider the server serves, for this process's own requests (deploying in-process). */
  provider: EthereumProvider;
  close(): Promise<void>;
}

/**
 * Starts a Hardhat simulated chain (Hardhat's `network.createServer`) on 127.0.0.1 and keeps hold of
 * the network connection it serves, which createServer does not hand out: a `newConnection` hook
 * handler, registered for the duration of the call, sees it being made. Calls in one process take turns,
 * so that each sees its own connection.
 */
export function startSimulatedChain(
  networkName: string,
  port: number,
  options: { initialDate?: Date } = {},
): Promise<SimulatedChain> {
  const started = previousStart.then(() => start(networkName, port, options));
  previousStart = started.catch(() => undefined);
  return started;
}

let previousStart: Promise<unknown> = Promise.resolve();

async function start(
  networkName: string,
  port: number,
  { initialDate }: { initialDate?: Date },
): Promise<SimulatedChain> {
  const { default: hre } = await import("hardhat");
  let served: NetworkConnection<ChainType | string> | undefined;
  const handlers: Partial<NetworkHooks> = {
    newConnection: async (context, next) => {
      const connection = await next(context);
      served ??= connection;
      return connection;
    },
  };
  hre.hooks.registerHandlers("network", handlers);
  let server: Awaited<ReturnType<typeof hre.network.createServer>>;
  try {
    // initialDate: a chain whose clock starts in the past (a history made "long ago" at start).
    server = await hre.network.createServer(
      initialDate ? { network: networkName, override: { initialDate } } : networkName,
      "127.0.0.1",
      port,
    );
  } finally {
    hre.hooks.unregisterHandlers("network", handlers);
  }
  if (served === undefined) throw new Error(`No network connection was made for the ${networkName} chain.`);
  const { port: bound } = await server.listen();
  return { url: `http://127.0.0.1:${bound}`, provider: served.provider, close: () => server.close() };
}
