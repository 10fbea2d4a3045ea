import { AnswerTooLargeError } from "../model/AnswerTooLargeError";
import type { JsonRpcErrorObject } from "../model/jsonRpc";
import { ProvidersUnavailableError } from "../model/ProvidersUnavailableError";
import { urlSecretParts } from "../model/urlSecretParts";
import type { ChainProviders, UpstreamAnswer, UpstreamCall } from "../ports/ChainProviders";
import type { Logger } from "../ports/Logger";

export type HttpChainProvidersOptions = {
  logger: Logger;
  /** The most a provider's answer may weigh (bytes); a larger one is cut off and refused. */
  maxAnswerBytes: number;
  /** How long one provider has to answer before the next is asked. */
  timeoutMs?: number;
  /**
   * How long one send may take over all its providers: no further provider is asked after it, and
   * the last one asked gets only what is left (the gateway answers its client by then anyway).
   */
  sendBudgetMs?: number;
  /** How long a provider that failed is asked only after the others. */
  cooldownMs?: number;
  fetch?: typeof globalThis.fetch;
  now?: () => number;
  /** Told of each failed provider, by its position (1-based): the metrics. */
  onFailure?: (chainId: number, position: number) => void;
};

/** Why a provider's answer could not be used; said in the log instead of the error's message (it may hold the URL). */
class ProviderFailure extends Error {}

function isErrorObject(value: unknown): value is JsonRpcErrorObject {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { code?: unknown }).code === "number" &&
    typeof (value as { message?: unknown }).message === "string"
  );
}

/** A short, URL-free reason for the log: a status, a system error code, a timeout. */
function reasonOf(error: unknown, timeoutMs: number): string {
  if (error instanceof ProviderFailure) return error.message;
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
    return `no answer within ${timeoutMs} ms`;
  }
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
  if (typeof cause?.code === "string") return cause.code;
  // undici's own words for what it refused to send ("bad port"); never one that could quote the URL.
  const said = cause?.message;
  return typeof said === "string" && /^[\w ,.'-]{1,60}$/.test(said) ? said : "request failed";
}

/**
 * The chain's providers over HTTP, tried in the configured order: the first that answers serves the
 * request; one that failed (no connection, a timeout, an HTTP error status such as 429, an answer
 * that is not JSON-RPC) is logged by its position, never its URL, and asked only after the others for
 * `cooldownMs`. Answers are read up to `maxAnswerBytes`, and any piece of a provider URL they repeat
 * (a provider's error message may) is replaced before they go on.
 */
export class HttpChainProviders implements ChainProviders {
  private readonly downUntil = new Map<string, number>();
  private readonly secrets = new Map<number, string[]>();
  private readonly fetch: typeof globalThis.fetch;
  private readonly now: () => number;
  private readonly timeoutMs: number;
  private readonly cooldownMs: number;
  private readonly sendBudgetMs: number;
  private nextId = 1;

  constructor(
    private readonly urls: Readonly<Record<number, readonly string[]>>,
    private readonly options: HttpChainProvidersOptions,
  ) {
    this.fetch = options.fetch ?? globalThis.fetch;
    this.now = options.now ?? Date.now;
    this.timeoutMs = options.timeoutMs ?? 4_000;
    this.cooldownMs = options.cooldownMs ?? 30_000;
    this.sendBudgetMs = options.sendBudgetMs ?? Number.POSITIVE_INFINITY;
    for (const [chainId, list] of Object.entries(urls)) {
      this.secrets.set(Number(chainId), [...new Set(list.flatMap(urlSecretParts))]);
    }
  }

  async send(chainId: number, calls: readonly UpstreamCall[]): Promise<UpstreamAnswer[]> {
    const urls = this.urls[chainId] ?? [];
    const ids = calls.map(() => this.nextId++);
    const messages = calls.map((call, i) => ({
      jsonrpc: "2.0",
      id: ids[i],
      method: call.method,
      params: call.params,
    }));
    const body = JSON.stringify(messages.length === 1 ? messages[0] : messages);
    const now = this.now();
    const isDown = (index: number) => (this.downUntil.get(`${chainId}:${index}`) ?? 0) > now;
    const order = urls.map((_, index) => index);
    order.sort((a, b) => Number(isDown(a)) - Number(isDown(b)) || a - b);
    // Wall time, not `now` (a test's clock): it bounds real sockets.
    const startedAt = performance.now();
    for (const index of order) {
      const left = this.sendBudgetMs - (performance.now() - startedAt);
      if (left < 1) break;
      const timeoutMs = Math.min(this.timeoutMs, Math.ceil(left));
      try {
        const text = await this.post(urls[index] as string, body, timeoutMs);
        const answers = this.parse(this.scrub(chainId, text), ids);
        this.downUntil.delete(`${chainId}:${index}`);
        return answers;
      } catch (error) {
        if (error instanceof AnswerTooLargeError) throw error;
        this.downUntil.set(`${chainId}:${index}`, this.now() + this.cooldownMs);
        this.options.onFailure?.(chainId, index + 1);
        this.options.logger.warn("Chain provider failed", {
          chainId,
          provider: index + 1,
          providers: urls.length,
          reason: reasonOf(error, timeoutMs),
        });
      }
    }
    throw new ProvidersUnavailableError(chainId);
  }

  private async post(url: string, body: string, timeoutMs: number): Promise<string> {
    const response = await this.fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new ProviderFailure(`HTTP ${response.status}`);
    }
    const max = this.options.maxAnswerBytes;
    if (Number(response.headers.get("content-length") ?? 0) > max) {
      await response.body?.cancel().catch(() => undefined);
      throw new AnswerTooLargeError(max);
    }
    if (!response.body) return "";
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > max) {
        await reader.cancel().catch(() => undefined);
        throw new AnswerTooLargeError(max);
      }
      chunks.push(value);
    }
    return Buffer.concat(chunks).toString("utf8");
  }

  private scrub(chainId: number, text: string): string {
    let clean = text;
    for (const part of this.secrets.get(chainId) ?? []) {
      if (clean.includes(part)) clean = clean.split(part).join("[provider]");
    }
    return clean;
  }

  /** The answers to `ids`, in order; anything else is a failed provider (a batch refused whole, junk). */
  private parse(text: string, ids: readonly number[]): UpstreamAnswer[] {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new ProviderFailure("answer is not JSON");
    }
    const list = ids.length === 1 && !Array.isArray(parsed) ? [parsed] : parsed;
    if (!Array.isArray(list)) throw new ProviderFailure("answer is not a JSON-RPC batch");
    const byId = new Map<unknown, UpstreamAnswer>();
    for (const item of list as unknown[]) {
      if (typeof item !== "object" || item === null) continue;
      const { id, result, error } = item as { id?: unknown; result?: unknown; error?: unknown };
      if (isErrorObject(error)) byId.set(id, { error });
      else if ("result" in item) byId.set(id, { result: result ?? null });
    }
    return ids.map((id) => {
      const answer = byId.get(id);
      if (!answer) throw new ProviderFailure("answer lacks a call's id");
      return answer;
    });
  }
}
