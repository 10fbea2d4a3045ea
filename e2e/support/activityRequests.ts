import type { Page, Route } from "@playwright/test";

/** What a paid provider serves per eth_getLogs; the app's gateway caps at the same. */
export const LOG_RANGE_CAP = 10_000n;

interface JsonRpcMessage {
  id?: unknown;
  method?: string;
  params?: unknown[];
}

export interface ActivityRequestMeter {
  /** The page's requests for its activity since the last reset: /indexer, eth_blockNumber, eth_getLogs, blocks by number. */
  requests(): string[];
  /** eth_getLogs refused for a range wider than the cap. */
  refused(): number;
  reset(): void;
}

const isActivityMethod = (message: JsonRpcMessage): boolean =>
  message.method === "eth_getLogs" ||
  message.method === "eth_blockNumber" ||
  // A block's time for an entry read from the chain (the block pacer asks for "latest" only).
  (message.method === "eth_getBlockByNumber" && /^0x[0-9a-f]+$/i.test(String(message.params?.[0])));

function logRange(message: JsonRpcMessage): bigint | undefined {
  if (message.method !== "eth_getLogs") return undefined;
  const { fromBlock, toBlock } = (message.params?.[0] ?? {}) as { fromBlock?: string; toBlock?: string };
  if (!fromBlock?.startsWith("0x") || !toBlock?.startsWith("0x")) return undefined;
  return BigInt(toBlock) - BigInt(fromBlock) + 1n;
}

/**
 * Counts what the page asks for its activity, on the RPCs whose URLs start with one of `rpcUrls` (the
 * site's gateway, /api/rpc/, and the public RPC it falls back to; every JSON-RPC message, batches
 * included) and on the site's /indexer, and caps eth_getLogs at LOG_RANGE_CAP blocks a request
 * as providers do: a wider one is answered with the provider's "block range is too large" error.
 */
export async function meterActivityRequests(
  page: Page,
  rpcUrls: readonly string[],
): Promise<ActivityRequestMeter> {
  let seen: string[] = [];
  let refused = 0;
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/indexer/")) seen.push(`indexer ${url.pathname}`);
  });
  await page.route(
    (url) => rpcUrls.some((prefix) => url.href.startsWith(prefix)),
    async (route: Route) => {
      const request = route.request();
      if (request.method() !== "POST") return route.continue();
      const body = request.postDataJSON() as JsonRpcMessage | JsonRpcMessage[];
      const messages = Array.isArray(body) ? body : [body];
      for (const message of messages) if (isActivityMethod(message)) seen.push(message.method!);
      const tooWide = messages.filter((message) => (logRange(message) ?? 0n) > LOG_RANGE_CAP);
      if (tooWide.length === 0) return route.continue();
      refused += tooWide.length;
      const response = await route.fetch();
      const answers = (await response.json()) as Array<{ id?: unknown }> | { id?: unknown };
      const refuse = (answer: { id?: unknown }) =>
        tooWide.some((message) => message.id === answer.id)
          ? {
              jsonrpc: "2.0",
              id: answer.id,
              error: { code: -32005, message: `block range is too large: at most ${LOG_RANGE_CAP} blocks` },
            }
          : answer;
      await route.fulfill({
        response,
        json: Array.isArray(answers) ? answers.map(refuse) : refuse(answers),
      });
    },
  );
  return {
    requests: () => [...seen],
    refused: () => refused,
    reset: () => {
      seen = [];
      refused = 0;
    },
  };
}
