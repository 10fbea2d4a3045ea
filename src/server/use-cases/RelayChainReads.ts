import { MULTICALL3_ADDRESS } from "../model/multicall3Address";
import { AnswerTooLargeError } from "../model/AnswerTooLargeError";
import { ChainHead, type Head, type HeadBlock } from "../model/ChainHead";
import { CHAIN_READ_LIMITS, type ChainReadLimits } from "../model/chainReadLimits";
import { planChainRead, type ReadPlan, type ReadScope, type RefusalReason } from "../model/chainReadPolicy";
import { gasMeterRuntimeCode } from "../model/gasMeter.generated";
import { RPC_ERROR, rpcError, type JsonRpcAnswer, type JsonRpcCall, type JsonRpcId } from "../model/jsonRpc";
import { ProvidersUnavailableError } from "../model/ProvidersUnavailableError";
import { ReadCache } from "../model/ReadCache";
import type { ChainProviders, UpstreamAnswer, UpstreamCall } from "../ports/ChainProviders";
import type { ChainReadObserver } from "../ports/ChainReadObserver";
import type { Logger } from "../ports/Logger";

export type RelayChainReadsDeps = {
  providers: ChainProviders;
  /** The chains served: those with providers. */
  chainIds: readonly number[];
  /** The project's contract addresses on a chain (deployments/<chainId>.json); throws when it has none. */
  contractsOf: (chainId: number) => Promise<readonly string[]>;
  logger: Logger;
  /** Told of each request to a provider, answer served without one, refusal (the metrics). */
  observer?: ChainReadObserver;
  now?: () => number;
  limits?: Partial<ChainReadLimits>;
};

/** What the gateway answers: 503 when no provider answered any of the calls it had to forward. */
export type RelayAnswer = { status: 200 | 503; body: JsonRpcAnswer | JsonRpcAnswer[] };

/** What one instance's gateway did for a chain since it started (the bench and the metrics read it). */
export type ChainReadCounts = {
  /** HTTP requests to the providers (head questions included) and the calls they carried. */
  upstreamRequests: number;
  upstreamCalls: number;
  /** Calls answered from the answers kept for the current head. */
  cacheHits: number;
  /** Calls that waited for the same call already on its way to a provider. */
  sharedInFlight: number;
  refused: Record<RefusalReason, number>;
};

type ChainState = {
  head: ChainHead;
  cache: ReadCache;
  inFlight: Map<string, Promise<UpstreamAnswer>>;
  scope?: { at: number; value: Promise<ReadScope> };
  counts: ChainReadCounts;
};

/** A slot of the request being answered, in the client's order. */
type Slot =
  | { kind: "answered"; answer: JsonRpcAnswer }
  | { kind: "planned"; id: JsonRpcId; call: JsonRpcCall; plan: Exclude<ReadPlan, { kind: "refused" }> };

/** How long the contracts of a deployment are used before the file is read again (the local stack redeploys). */
const SCOPE_TTL_MS = 10_000;
const UNKNOWN_BLOCK =
  /(header|block) not found|unknown block|invalid block|block .*(does not|doesn't) exist|latest block number is|beyond (the )?(current )?head/i;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The same read spelt the same way: keys sorted, hex in lower case, so tabs that differ in spelling share. */
function canonical(value: unknown): unknown {
  if (typeof value === "string") return /^0x[0-9a-fA-F]*$/.test(value) ? value.toLowerCase() : value;
  if (Array.isArray(value)) return value.map(canonical);
  if (isRecord(value)) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [canonical(key) as string, canonical(value[key])]),
    );
  }
  return value;
}

/** The call a JSON-RPC message asks for, or the reason it is not one. */
function asCall(item: unknown): JsonRpcCall | { invalid: JsonRpcId } {
  if (!isRecord(item)) return { invalid: null };
  const { jsonrpc, id, method, params } = item;
  const validId = id === null || typeof id === "string" || (typeof id === "number" && Number.isFinite(id));
  const safeId = validId ? (id as JsonRpcId) : null;
  if (jsonrpc !== "2.0" || !validId || !("id" in item)) return { invalid: safeId };
  if (typeof method !== "string" || method.length === 0 || method.length > 100) return { invalid: safeId };
  if (params !== undefined && !Array.isArray(params)) return { invalid: safeId };
  return { id: safeId, method, params: (params as unknown[] | undefined) ?? [] };
}

/** A method name fit for a log line: a client may send anything as one. */
const loggable = (method: string): string => (/^[A-Za-z0-9_]{1,64}$/.test(method) ? method : "(other)");

const toQuantity = (n: bigint | number): string => `0x${n.toString(16)}`;

const QUANTITY = /^0x[0-9a-fA-F]{1,64}$/;
const HASH = /^0x[0-9a-fA-F]{64}$/;

/** A block an answer proves exists: a block's own, or a receipt's. */
function blockIn(method: string, result: unknown): HeadBlock | undefined {
  if (!isRecord(result)) return undefined;
  const [number, hash] =
    method === "eth_getBlockByNumber" ? [result.number, result.hash] : [result.blockNumber, result.blockHash];
  return typeof number === "string" && QUANTITY.test(number) && typeof hash === "string" && HASH.test(hash)
    ? { number: BigInt(number), hash: hash.toLowerCase() }
    : undefined;
}

/**
 * The site's gateway to the chains' providers (POST /api/rpc/<chainId>): the browser's reads reach the
 * providers through the server, whose URLs and keys never leave it, and only the reads the app makes
 * (chainReadPolicy) get through.
 *
 * Identical reads at the same block are served once per instance. `latest` is pinned to the head
 * this instance knows (ChainHead: not asked while the chain's next block is not due, then at most
 * once per `headMaxAgeMs`, whatever the number of tabs), so each read names the block its answer is
 * for; answers are kept for that head only, and
 * a call already on its way to a provider is waited for rather than sent again. A new block, or a
 * head that went back (a reorganisation to a shorter chain), starts afresh; a receipt naming a newer
 * block moves the head at once, so a user reads their own transaction's block right after its
 * receipt. A reorganisation that replaces the head's block at the same height is served from the
 * old block's answers until the next block: at most one block time, what a provider's own `latest`
 * would show a client meanwhile.
 */
export class RelayChainReads {
  private readonly chains = new Map<number, ChainState>();
  private readonly limits: ChainReadLimits;
  private readonly now: () => number;

  constructor(private readonly deps: RelayChainReadsDeps) {
    this.limits = { ...CHAIN_READ_LIMITS, ...deps.limits };
    this.now = deps.now ?? Date.now;
  }

  serves(chainId: number): boolean {
    return this.deps.chainIds.includes(chainId);
  }

  counts(chainId: number): ChainReadCounts | undefined {
    const counts = this.chains.get(chainId)?.counts;
    return counts && { ...counts, refused: { ...counts.refused } };
  }

  /** Answers a JSON-RPC request or batch (already parsed from JSON) for a served chain. */
  async relay(chainId: number, payload: unknown): Promise<RelayAnswer> {
    const chain = this.chainState(chainId);
    const batch = Array.isArray(payload);
    const items: unknown[] = batch ? payload : [payload];
    if (batch && items.length === 0) {
      return {
        status: 200,
        body: rpcError(null, RPC_ERROR.invalidRequest, "Invalid request: an empty batch."),
      };
    }
    if (items.length > this.limits.maxBatchCalls) {
      return {
        status: 200,
        body: rpcError(
          null,
          RPC_ERROR.invalidRequest,
          `Invalid request: a batch of ${items.length} calls; at most ${this.limits.maxBatchCalls} calls per request.`,
        ),
      };
    }

    const scope = await this.scopeOf(chainId, chain);
    const refusedHere: { method: string; reason: RefusalReason }[] = [];
    const slots: Slot[] = items.map((item) => {
      const call = asCall(item);
      if ("invalid" in call) {
        return {
          kind: "answered",
          answer: rpcError(
            call.invalid,
            RPC_ERROR.invalidRequest,
            'Invalid request: expected {"jsonrpc":"2.0","id":…,"method":…,"params":[…]}.',
          ),
        };
      }
      const plan = planChainRead(call, scope);
      if (plan.kind === "refused") {
        chain.counts.refused[plan.reason] += 1;
        this.deps.observer?.refused(chainId, plan.reason);
        refusedHere.push({ method: call.method, reason: plan.reason });
        return { kind: "answered", answer: rpcError(call.id, plan.code, plan.message) };
      }
      return { kind: "planned", id: call.id, call, plan };
    });
    if (refusedHere.length > 0) {
      this.deps.logger.info("Chain reads refused", {
        chainId,
        refused: refusedHere.length,
        reasons: [...new Set(refusedHere.map((r) => r.reason))],
        methods: [...new Set(refusedHere.map((r) => loggable(r.method)))].slice(0, 5),
      });
    }

    const planned = slots.filter((slot) => slot.kind === "planned");
    let answers = new Map<Slot, JsonRpcAnswer>();
    let unavailable = 0;
    if (planned.length > 0) {
      // Whatever the providers do, the client has its answer by the deadline: the work goes on (its
      // answers still fill the cache for the next request), bounded by the providers' own timeouts.
      const work = this.answerAll(chainId, chain, planned);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<"late">((resolve) => {
        timer = setTimeout(() => resolve("late"), this.limits.answerWithinMs);
      });
      const outcome = await Promise.race([work, late]).finally(() => clearTimeout(timer));
      if (outcome === "late") {
        void work.catch(() => undefined);
        for (const slot of planned) answers.set(slot, this.lateAnswer(chainId, slot.id));
        unavailable = planned.length;
      } else {
        ({ answers, unavailable } = outcome);
      }
    }

    const body = slots.map((slot) => (slot.kind === "answered" ? slot.answer : answers.get(slot)!));
    const status = planned.length > 0 && unavailable === planned.length ? 503 : 200;
    return { status, body: batch ? body : body[0]! };
  }

  /** The planned calls' answers: the head they are read at, then the reads. */
  private async answerAll(
    chainId: number,
    chain: ChainState,
    planned: Extract<Slot, { kind: "planned" }>[],
  ): Promise<{ answers: Map<Slot, JsonRpcAnswer>; unavailable: number }> {
    // A client's own eth_blockNumber (viem polls it for a receipt) gets a fresh head; reads of
    // `latest` alone get the head on the chain's schedule; reads of a given block or transaction
    // (a replay, a block scan, a receipt) a head at most a second old, so that a chain that went
    // back and was mined again to the same height is noticed before old answers are served.
    const wantsFreshNumber = planned.some((slot) => slot.plan.kind === "block-number");
    const latestOnly = planned.every((slot) => slot.plan.kind !== "forward" || slot.plan.pinsHead);
    let head: Head | undefined;
    try {
      head = await chain.head.current(
        wantsFreshNumber
          ? { maxAgeMs: this.limits.blockNumberMaxAgeMs, onSchedule: false }
          : { maxAgeMs: this.limits.headMaxAgeMs, onSchedule: latestOnly },
      );
    } catch (error) {
      if (!(error instanceof ProvidersUnavailableError)) throw error;
    }
    if (head === undefined) {
      const answers = new Map<Slot, JsonRpcAnswer>();
      for (const slot of planned) answers.set(slot, this.unavailableAnswer(chainId, slot.id));
      return { answers, unavailable: planned.length };
    }
    return await this.answerPlanned(chainId, chain, planned, head);
  }

  private async answerPlanned(
    chainId: number,
    chain: ChainState,
    planned: Extract<Slot, { kind: "planned" }>[],
    head: Head,
  ): Promise<{ answers: Map<Slot, JsonRpcAnswer>; unavailable: number }> {
    const answers = new Map<Slot, JsonRpcAnswer>();
    const waits: { slot: (typeof planned)[number]; pinsHead: boolean; answer: Promise<UpstreamAnswer> }[] =
      [];
    const misses: {
      call: UpstreamCall;
      key: string;
      cacheable: boolean;
      keepNull: boolean;
      settle: (a: Promise<UpstreamAnswer>) => void;
    }[] = [];

    for (const slot of planned) {
      const { plan, id } = slot;
      if (plan.kind === "chain-id") {
        answers.set(slot, { jsonrpc: "2.0", id, result: toQuantity(chainId) });
        continue;
      }
      if (plan.kind === "block-number") {
        answers.set(slot, { jsonrpc: "2.0", id, result: toQuantity(head.number) });
        continue;
      }
      const params = plan.paramsAt(head.number);
      if (!Array.isArray(params)) {
        chain.counts.refused[params.reason] += 1;
        this.deps.observer?.refused(chainId, params.reason);
        answers.set(slot, rpcError(id, params.code, params.message));
        continue;
      }
      const key = `${head.epoch}|${plan.method}|${JSON.stringify(canonical(params))}`;
      if (plan.cacheable) {
        const kept = chain.cache.get(head.epoch, key);
        if (kept) {
          chain.counts.cacheHits += 1;
          this.deps.observer?.cacheHit(chainId);
          answers.set(slot, { jsonrpc: "2.0", id, result: kept.value });
          continue;
        }
      }
      const pending = chain.inFlight.get(key);
      if (pending) {
        chain.counts.sharedInFlight += 1;
        this.deps.observer?.shared(chainId);
        waits.push({ slot, pinsHead: plan.pinsHead, answer: pending });
        continue;
      }
      let settle!: (answer: Promise<UpstreamAnswer>) => void;
      const answer = new Promise<UpstreamAnswer>((resolve) => {
        settle = resolve;
      });
      chain.inFlight.set(key, answer);
      void answer.finally(() => chain.inFlight.delete(key)).catch(() => undefined);
      misses.push({
        call: { method: plan.method, params },
        key,
        cacheable: plan.cacheable,
        keepNull: plan.keepNull,
        settle,
      });
      waits.push({ slot, pinsHead: plan.pinsHead, answer });
    }

    if (misses.length > 0) {
      const sent = this.send(
        chainId,
        chain,
        "read",
        misses.map((miss) => miss.call),
      );
      misses.forEach((miss, i) => {
        const answer = sent.then((all) => all[i]!);
        miss.settle(answer);
        void answer.then(
          (settled) => {
            if (!("result" in settled)) return;
            const seen = blockIn(miss.call.method, settled.result);
            if (seen) chain.head.observe(seen);
            if (miss.cacheable && (settled.result !== null || miss.keepNull)) {
              chain.cache.set(head.epoch, miss.key, settled.result);
            }
          },
          () => undefined,
        );
      });
    }

    let unavailable = 0;
    let retried = false;
    for (const { slot, pinsHead, answer } of waits) {
      let settled: UpstreamAnswer;
      try {
        settled = await answer;
      } catch (error) {
        if (error instanceof ProvidersUnavailableError) {
          unavailable += 1;
          answers.set(slot, this.unavailableAnswer(chainId, slot.id));
          continue;
        }
        if (error instanceof AnswerTooLargeError) {
          answers.set(
            slot,
            rpcError(
              slot.id,
              RPC_ERROR.limitExceeded,
              `Response size exceeded: the provider's answer is larger than ${error.maxBytes / 1024 / 1024} MiB; ask for less (a smaller block range).`,
            ),
          );
          continue;
        }
        throw error;
      }
      // The provider lacks the head's block: the chain went back under us. Once, with a fresh head.
      if ("error" in settled && pinsHead && UNKNOWN_BLOCK.test(settled.error.message) && !retried) {
        retried = true;
        chain.head.forget();
        const fresh = await this.relayOne(chainId, slot.call);
        answers.set(slot, { ...fresh, id: slot.id });
        continue;
      }
      answers.set(
        slot,
        "result" in settled
          ? { jsonrpc: "2.0", id: slot.id, result: settled.result }
          : { jsonrpc: "2.0", id: slot.id, error: settled.error },
      );
    }
    return { answers, unavailable };
  }

  /** One call again, through the whole path (a fresh head first). */
  private async relayOne(chainId: number, call: JsonRpcCall): Promise<JsonRpcAnswer> {
    const { body } = await this.relay(chainId, { jsonrpc: "2.0", ...call });
    return Array.isArray(body) ? body[0]! : body;
  }

  private async send(
    chainId: number,
    chain: ChainState,
    kind: "read" | "head",
    calls: UpstreamCall[],
  ): Promise<UpstreamAnswer[]> {
    chain.counts.upstreamRequests += 1;
    chain.counts.upstreamCalls += calls.length;
    this.deps.observer?.upstream(chainId, kind, calls.length);
    return await this.deps.providers.send(chainId, calls);
  }

  private lateAnswer(chainId: number, id: JsonRpcId): JsonRpcAnswer {
    return rpcError(
      id,
      RPC_ERROR.internal,
      `No provider of chain ${chainId} answered within ${this.limits.answerWithinMs / 1000} s; please retry shortly.`,
    );
  }

  private unavailableAnswer(chainId: number, id: JsonRpcId): JsonRpcAnswer {
    return rpcError(
      id,
      RPC_ERROR.internal,
      `No provider of chain ${chainId} answered; please retry shortly.`,
    );
  }

  private chainState(chainId: number): ChainState {
    let state = this.chains.get(chainId);
    if (!state) {
      const counts: ChainReadCounts = {
        upstreamRequests: 0,
        upstreamCalls: 0,
        cacheHits: 0,
        sharedInFlight: 0,
        refused: { method: 0, params: 0, contract: 0, "state-override": 0, "log-range": 0 },
      };
      const created: ChainState = {
        // The latest block's number and hash: the hash tells a reorganised or re-mined block apart.
        head: new ChainHead(async () => {
          const [answer] = await this.send(chainId, created, "head", [
            { method: "eth_getBlockByNumber", params: ["latest", false] },
          ]);
          const head = blockIn(
            "eth_getBlockByNumber",
            answer && "result" in answer ? answer.result : undefined,
          );
          if (!head) throw new ProvidersUnavailableError(chainId);
          return head;
        }, this.now),
        cache: new ReadCache(this.limits.cacheEntries, this.limits.cacheBytes),
        inFlight: new Map(),
        counts,
      };
      state = created;
      this.chains.set(chainId, state);
    }
    return state;
  }

  /** The chain's contracts (re-read every SCOPE_TTL_MS); none when its deployment cannot be read. */
  private async scopeOf(chainId: number, chain: ChainState): Promise<ReadScope> {
    const now = this.now();
    if (!chain.scope || now - chain.scope.at >= SCOPE_TTL_MS) {
      const value = this.deps.contractsOf(chainId).then(
        (addresses) => new Set(addresses.map((address) => address.toLowerCase())),
        (error: unknown) => {
          this.deps.logger.warn("No deployment to serve chain reads for", {
            chainId,
            reason: error instanceof Error ? error.message : String(error),
          });
          return new Set<string>();
        },
      );
      chain.scope = {
        at: now,
        value: value.then((contracts) => ({
          contracts,
          multicall3: MULTICALL3_ADDRESS.toLowerCase(),
          gasMeterCode: gasMeterRuntimeCode.toLowerCase(),
          maxLogRange: this.limits.maxLogRange,
        })),
      };
    }
    return await chain.scope.value;
  }
}
