import { getPublicClient, type Config } from "@wagmi/core";
import {
  encodeEventTopics,
  formatLog,
  numberToHex,
  parseAbiItem,
  parseEventLogs,
  type PublicClient,
  type RpcLog,
} from "viem";
import type { StakeActivitySource } from "../../application/ports/stakeActivitySource";
import { toAddress, type Address } from "../../domain/address";
import {
  CHAIN_TAIL_BLOCKS,
  classifyTransfer,
  newestFirst,
  type ActivityEntry,
  type StakeActivity,
} from "../../domain/stakeActivity";
import type { ChainContracts } from "../chain/ChainContracts";
import { pagedLogs } from "../chain/pagedLogs";
import { toChainDomainError } from "../chain/toChainDomainError";
import { parseIndexerActivity, type IndexerActivity } from "./parseIndexerActivity";

const transferEvent = parseAbiItem("event Transfer(address indexed from, address indexed to, uint256 value)");

/** The most blocks read from the chain itself after the indexer's head (the domain's rule). */
export { CHAIN_TAIL_BLOCKS };
/** eth_getLogs requests a tail read may take when a provider refuses the range (halved each time). */
const TAIL_REQUESTS = 3;
/** The newest blocks are always read from the chain too, in case they were just reorganised. */
const RESCAN_BLOCKS = 12n;
/** How long the indexer has to answer before the list goes on without it. */
export const INDEXER_TIMEOUT_MS = 5_000;

interface Known {
  /** Every block up to here has been read (by the indexer or the chain); undefined: none yet. */
  coveredTo: bigint | undefined;
  entries: readonly ActivityEntry[];
}

/**
 * The account's activity from the indexer (indexer/, Ponder) over HTTP on the site's own origin, plus
 * the chain's blocks after the indexer's head read directly (at most CHAIN_TAIL_BLOCKS, in one
 * eth_getLogs as a rule), so that a stake made a moment ago shows at its block. A first load costs
 * the indexer request, eth_blockNumber and one eth_getLogs, whatever the chain's age. When the
 * indexer is down or further behind than the tail, the list keeps what it knows (from earlier reads
 * in this page) and the newest blocks, and says it is incomplete; never a scan from the deployment.
 */
export class PonderStakeActivitySource implements StakeActivitySource {
  private readonly known = new Map<string, Known>();
  private readonly blockTimes = new Map<string, Promise<Date | undefined>>();

  constructor(
    private readonly config: Config,
    private readonly contracts: ChainContracts,
    /** e.g. "/indexer": the site proxies it to the indexer. */
    private readonly indexerUrl: string,
    private readonly fetchFn: typeof fetch = (...args) => fetch(...args),
    private readonly timeoutMs: number = INDEXER_TIMEOUT_MS,
  ) {}

  async loadActivity(account: Address, chainId: number): Promise<StakeActivity> {
    const addresses = this.contracts.on(chainId);
    const client = getPublicClient(this.config, { chainId }) as PublicClient | undefined;
    if (!client) throw new Error(`No client for chain ${chainId}.`);
    const key = `${chainId}:${account.toLowerCase()}`;
    const [indexed, latest] = await Promise.all([
      this.readIndexer(account, chainId),
      client.getBlockNumber({ cacheTime: 0 }).catch((error: unknown) => {
        throw toChainDomainError(error);
      }),
    ]);
    const deployBlock = addresses.deployBlock ?? 0n;
    const before = this.known.get(key);
    let base: Known;
    let incomplete = false;
    if (indexed && indexed.indexedTo !== undefined) {
      // The indexer is the truth up to its head: entries of reorganised blocks are gone from it.
      base = { coveredTo: indexed.indexedTo, entries: indexed.entries };
      incomplete = indexed.truncated;
    } else {
      // Without it: what this page read before (its newest blocks are read again below).
      base = { coveredTo: before?.coveredTo, entries: before?.entries ?? [] };
      if (before?.coveredTo === undefined) incomplete = true;
    }

    const tailStart = latest + 1n > CHAIN_TAIL_BLOCKS ? latest + 1n - CHAIN_TAIL_BLOCKS : 0n;
    const needFrom = base.coveredTo === undefined ? deployBlock : maxOf(deployBlock, base.coveredTo + 1n);
    if (needFrom < tailStart) incomplete = true; // a gap between what is known and what the tail reads
    // The newest blocks are read from the chain even when the indexer has them, in the same request:
    // a block reorganised a moment ago is the chain's word, whether or not the indexer has caught up.
    const rescanFrom = latest + 1n > RESCAN_BLOCKS ? latest + 1n - RESCAN_BLOCKS : 0n;
    const from = maxOf(deployBlock, minOf(maxOf(needFrom, tailStart), rescanFrom));
    let entries = base.entries.filter((e) => e.blockNumber <= latest);
    let coveredTo = incomplete ? base.coveredTo : latest;
    if (from <= latest) {
      const tail = await this.readTail(client, account, chainId, from, latest).catch(() => undefined);
      if (tail) {
        entries = [...entries.filter((e) => e.blockNumber < from), ...tail];
      } else {
        incomplete = true;
        coveredTo = base.coveredTo;
      }
    }
    const sorted = dedupe(entries).sort(newestFirst);
    // Only a complete picture (or the indexer's) is a base for the next read without the indexer.
    this.known.set(key, {
      coveredTo,
      entries: coveredTo === undefined ? [] : sorted.filter((e) => e.blockNumber <= coveredTo),
    });
    return { entries: sorted, incomplete };
  }

  /** The indexer's answer, or undefined when it is down, slow, or answers something else. */
  private async readIndexer(account: Address, chainId: number): Promise<IndexerActivity | undefined> {
    try {
      const response = await this.fetchFn(
        `${this.indexerUrl}/activity?chainId=${chainId}&account=${account}`,
        { signal: AbortSignal.timeout(this.timeoutMs), headers: { accept: "application/json" } },
      );
      if (!response.ok) return undefined;
      return parseIndexerActivity(await response.json(), chainId);
    } catch {
      return undefined;
    }
  }

  /** Transfers between the account and the pool in [from, to], read from the chain itself. */
  private async readTail(
    client: PublicClient,
    account: Address,
    chainId: number,
    from: bigint,
    to: bigint,
  ): Promise<ActivityEntry[]> {
    const { pooToken, crapToken, staking } = this.contracts.on(chainId);
    let requests = 0;
    const topics = encodeEventTopics({
      abi: [transferEvent],
      eventName: "Transfer",
      args: { from: [account, staking], to: [account, staking] },
    });
    const { logs } = await pagedLogs(from, to, CHAIN_TAIL_BLOCKS, async (fromBlock, toBlock) => {
      if (++requests > TAIL_REQUESTS) throw new Error("The provider serves too few blocks per request.");
      // Not retried: a refused range is halved at once, and a failure ends the read (the budget).
      const raw = (await client.request(
        {
          method: "eth_getLogs",
          params: [
            {
              address: [pooToken, crapToken],
              topics,
              fromBlock: numberToHex(fromBlock),
              toBlock: numberToHex(toBlock),
            },
          ],
        },
        { retryCount: 0 },
      )) as RpcLog[];
      return parseEventLogs({ abi: [transferEvent], logs: raw.map((log) => formatLog(log)), strict: true });
    });
    const parties = { account, staking, pooToken, crapToken };
    const found = logs.flatMap((log) => {
      const kind = classifyTransfer(
        {
          token: toAddress(log.address),
          from: toAddress(log.args.from),
          to: toAddress(log.args.to),
          value: log.args.value,
        },
        parties,
      );
      if (!kind || log.transactionHash === null || log.blockNumber === null || log.logIndex === null)
        return [];
      return [
        {
          kind,
          amount: log.args.value,
          hash: log.transactionHash,
          blockNumber: log.blockNumber,
          logIndex: log.logIndex,
        },
      ];
    });
    return Promise.all(
      found.map(async (entry) => ({
        ...entry,
        timestamp: await this.blockTime(client, chainId, entry.blockNumber),
      })),
    );
  }

  private blockTime(client: PublicClient, chainId: number, blockNumber: bigint): Promise<Date | undefined> {
    const key = `${chainId}:${blockNumber}`;
    let time = this.blockTimes.get(key);
    if (!time) {
      time = client.getBlock({ blockNumber }).then(
        (block) => new Date(Number(block.timestamp) * 1000),
        () => {
          this.blockTimes.delete(key); // asked again next time
          return undefined;
        },
      );
      this.blockTimes.set(key, time);
    }
    return time;
  }
}

function maxOf(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}

function minOf(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

/** One entry per log: the chain's tail and the indexer may both hold a block's entries. */
function dedupe(entries: readonly ActivityEntry[]): ActivityEntry[] {
  const byLog = new Map<string, ActivityEntry>();
  for (const entry of entries) byLog.set(`${entry.hash.toLowerCase()}:${entry.logIndex}`, entry);
  return [...byLog.values()];
}
