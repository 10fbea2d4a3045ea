import { createPublicClient, http, type PublicClient, type Transport } from "viem";

export type TransportFactory = (rpcUrl: string, chainId: number) => Transport;

const defaultTransport: TransportFactory = (rpcUrl) => http(rpcUrl, { timeout: 10_000, retryCount: 1 });

/** One viem public client per configured chain, created on first use. */
export class PublicClientPool {
  private readonly clients = new Map<number, PublicClient>();

  constructor(
    private readonly rpcUrls: Readonly<Record<number, string>>,
    private readonly makeTransport: TransportFactory = defaultTransport,
  ) {}

  get(chainId: number): PublicClient {
    const existing = this.clients.get(chainId);
    if (existing) return existing;
    const rpcUrl = this.rpcUrls[chainId];
    if (rpcUrl === undefined) throw new Error(`No RPC URL configured for chain ${chainId}.`);
    const client = createPublicClient({ transport: this.makeTransport(rpcUrl, chainId) });
    this.clients.set(chainId, client);
    return client;
  }
}
