import { CHAIN_TAIL_BLOCKS } from "../../domain/stakeActivity";
import { NotReadyError, type HealthCheck } from "../ports/HealthCheck";

export interface IndexerHealthCheckDeps {
  /** INDEXER_URL: one indexer process (`ponder start`, or a `ponder serve` replica). */
  indexerUrl: string;
  /** The chain's head as this server's RPC sees it; undefined when it cannot tell (no RPC, RPC down). */
  chainHead: (chainId: number) => Promise<bigint | undefined>;
  /** Told after each check how far behind each chain the indexer is (empty: not known). */
  onLag?: (lagByChain: ReadonlyMap<number, number>) => void;
  fetch?: typeof fetch;
  /** More blocks behind than this is down: the app then tells its users that activity is missing. */
  maxLagBlocks?: number;
}

/** Ponder's GET /status: the block each chain is indexed to. */
type PonderStatus = Record<string, { id?: unknown; block?: { number?: unknown } }>;

/**
 * The activity indexer, reported (never gated on: it serves the activity list only) in /api/health
 * and the metrics: up when its /status answers and each chain it indexes is within the app's chain
 * tail of the head (CHAIN_TAIL_BLOCKS: further behind, the app's list says some activity is missing,
 * which is what users see during a backfill too). The lag goes to `onLag` (poo_indexer_lag_blocks).
 */
export class IndexerHealthCheck implements HealthCheck {
  readonly name = "indexer";

  constructor(private readonly deps: IndexerHealthCheckDeps) {}

  async check(): Promise<void> {
    const lags = new Map<number, number>();
    try {
      const response = await (this.deps.fetch ?? fetch)(`${this.deps.indexerUrl.replace(/\/$/, "")}/status`, {
        headers: { accept: "application/json" },
        // The dependency watch stops waiting after 3 s; the request stops with it.
        signal: AbortSignal.timeout(3_000),
      });
      if (!response.ok) throw new NotReadyError(`answers ${response.status}`);
      const chains = Object.values((await response.json()) as PonderStatus).flatMap((chain) =>
        typeof chain.id === "number" && typeof chain.block?.number === "number"
          ? [{ chainId: chain.id, indexedTo: BigInt(chain.block.number) }]
          : [],
      );
      if (chains.length === 0) throw new NotReadyError("has indexed no block yet");
      const maxLag = this.deps.maxLagBlocks ?? Number(CHAIN_TAIL_BLOCKS);
      const behind: string[] = [];
      for (const { chainId, indexedTo } of chains) {
        const head = await this.deps.chainHead(chainId).catch(() => undefined);
        if (head === undefined) continue;
        const lag = head > indexedTo ? Number(head - indexedTo) : 0;
        lags.set(chainId, lag);
        if (lag > maxLag) behind.push(`${lag} blocks behind chain ${chainId}`);
      }
      if (behind.length > 0) throw new NotReadyError(behind.join(", "));
    } finally {
      this.deps.onLag?.(lags);
    }
  }
}
