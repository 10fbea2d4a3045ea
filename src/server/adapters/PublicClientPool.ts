import { OUTSIDE_CALL_TIMEOUT_MS } from "../config/answerBudget";
import { createPublicClient, fallback, http, type PublicClient, type Transport } from "viem";

export type TransportFactory = (rpcUrl: string, chainId: number) => Transport;

// One try per provider within the instance's answer budget (answerBudget.ts): a retry would outlast
// nginx's wait. With several providers the request's answer deadline bounds the sum.
const defaultTransport: TransportFactory = (rpcUrl) =>
  http(rpcUrl, { timeout: OUTSIDE_CALL_TIMEOUT_MS, retryCount: 0 });

/**
 * One viem public client per configured chain, created on first use. A chain with several providers
 * reads through viem's fallback transport: the first that answers, in the configured order.
 */
export class PublicClientPool {
  private readonly clients = new Map<number, PublicClient>();

  constructor(
    private readonly rpcUrls: Readonly<Record<number, string | readonly string[]>>,
    private readonly makeTransport: TransportFactory = defaultTransport,
  ) {}

  get(chainId: number): PublicClient {
    const existing = this.clients.get(chainId);
    if (existing) return existing;
    const urls = [this.rpcUrls[chainId] ?? []].flat();
    const [first, ...rest] = urls;
    if (first === undefined) throw new Error(`No RPC URL configured for chain ${chainId}.`);
    const transport =
      rest.length === 0
        ? this.makeTransport(first, chainId)
        : fallback(urls.map((url) => this.makeTransport(url, chainId)));
    const client = createPublicClient({ transport });
    this.clients.set(chainId, client);
    return client;
  }
}
