import { OUTSIDE_CALL_TIMEOUT_MS } from "../config/answerBudget";
import { createPublicClient, http, type PublicClient, type Transport } from "viem";

export type TransportFactory = (rpcUrl: string, chainId: number) => Transport;

// One try within the instance's answer budget (answerBudget.ts): a retry would outlast nginx's wait.
const defaultTransport: TransportFactory = (rpcUrl) =>
  http(rpcUrl, { timeout: OUTSIDE_CALL_TIMEOUT_MS, retryCount: 0 });

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
