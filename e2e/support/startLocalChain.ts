import { network } from "hardhat";

export interface LocalChain {
  /** HTTP JSON-RPC URL of the chain, on 127.0.0.1. */
  readonly rpcUrl: string;
  readonly chainId: number;
  /** One raw JSON-RPC call; throws with the node's error message on a JSON-RPC error. */
  rpc<T = unknown>(method: string, params?: readonly unknown[]): Promise<T>;
  close(): Promise<void>;
}

export interface StartLocalChainOptions {
  readonly port: number;
  /** Hardhat network to simulate; its accounts are Hardhat's funded default accounts. */
  readonly network?: string;
}

/**
 * Starts Hardhat 3's simulated chain in this process (chain id 31337, automine, the default funded
 * accounts). Running it in-process rather than through `npx hardhat node` means it dies with the test
 * process and binds 127.0.0.1 only.
 */
export async function startLocalChain({
  port,
  network: networkName = "default",
}: StartLocalChainOptions): Promise<LocalChain> {
  const server = await network.createServer({ network: networkName, chainType: "l1" }, "127.0.0.1", port);
  const { address, port: boundPort } = await server.listen();
  const rpcUrl = `http://${address}:${boundPort}`;
  let nextId = 1;

  async function rpc<T>(method: string, params: readonly unknown[] = []): Promise<T> {
    const response = await fetch(rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: nextId++, method, params }),
    });
    const body = (await response.json()) as { result?: T; error?: { code: number; message: string } };
    if (body.error) throw new Error(`${method} failed: ${body.error.message} (${body.error.code})`);
    return body.result as T;
  }

  const chainId = Number(await rpc<string>("eth_chainId"));
  return { rpcUrl, chainId, rpc, close: () => server.close() };
}
