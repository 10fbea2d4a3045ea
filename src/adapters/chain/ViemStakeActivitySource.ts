import { getPublicClient, type Config } from "@wagmi/core";
import { parseAbiItem, type PublicClient } from "viem";
import type { StakeActivitySource } from "../../application/ports/stakeActivitySource";
import { toAddress, type Address } from "../../domain/address";
import {
  classifyTransfer,
  newestFirst,
  type ActivityEntry,
  type StakeActivity,
} from "../../domain/stakeActivity";
import type { ChainContracts } from "./ChainContracts";
import { pagedLogs } from "./pagedLogs";
import { toChainDomainError } from "./toChainDomainError";

const transferEvent = parseAbiItem("event Transfer(address indexed from, address indexed to, uint256 value)");

/** Blocks per eth_getLogs request at first; halved whenever a provider refuses a range. */
export const DEFAULT_MAX_LOG_RANGE = 5_000n;
/** Blocks scanned again on each refresh, in case the newest ones were reorganised. */
const RESCAN_BLOCKS = 12n;

interface ScannedActivity {
  scannedTo: bigint;
  entries: Map<string, ActivityEntry>;
}

/**
 * The account's staking activity from ERC-20 Transfer events: POO between the account and the pool,
 * CRAP from the pool to the account. One filter per range covers all three (tokens POO or CRAP, from
 * and to each the account or the pool; the rest is sorted out by classifyTransfer). Scans start at the
 * deployment block, in bounded ranges (pagedLogs); what was scanned is kept per chain and account, so
 * a refresh reads only the blocks since. Block times are read once per block and kept.
 */
export class ViemStakeActivitySource implements StakeActivitySource {
  private readonly scanned = new Map<string, ScannedActivity>();
  private readonly blockTimes = new Map<string, Promise<Date | undefined>>();
  /** Per chain: the widest eth_getLogs range its provider served so far. */
  private readonly ranges = new Map<number, bigint>();

  constructor(
    private readonly config: Config,
    private readonly contracts: ChainContracts,
    private readonly maxRange: bigint = DEFAULT_MAX_LOG_RANGE,
  ) {}

  async loadActivity(account: Address, chainId: number): Promise<StakeActivity> {
    try {
      const { pooToken, crapToken, staking, deployBlock = 0n } = this.contracts.on(chainId);
      const client = getPublicClient(this.config, { chainId }) as PublicClient | undefined;
      if (!client) throw new Error(`No client for chain ${chainId}.`);
      const key = `${chainId}:${account.toLowerCase()}`;
      const known = this.scanned.get(key);
      const latest = await client.getBlockNumber({ cacheTime: 0 });
      const from = known ? maxOf(deployBlock, known.scannedTo + 1n - RESCAN_BLOCKS) : deployBlock;
      const { logs, range } = await pagedLogs(
        from,
        latest,
        this.ranges.get(chainId) ?? this.maxRange,
        (fromBlock, toBlock) =>
          client.getLogs({
            address: [pooToken, crapToken],
            event: transferEvent,
            args: { from: [account, staking], to: [account, staking] },
            fromBlock,
            toBlock,
            strict: true,
          }),
      );
      this.ranges.set(chainId, range);
      const entries = new Map(known?.entries);
      for (const [entryKey, entry] of entries) if (entry.blockNumber >= from) entries.delete(entryKey);
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
      const timed = await Promise.all(
        found.map(async (entry) => ({
          ...entry,
          timestamp: await this.blockTime(client, chainId, entry.blockNumber),
        })),
      );
      for (const entry of timed) entries.set(`${entry.hash}:${entry.logIndex}`, entry);
      this.scanned.set(key, { scannedTo: latest, entries });
      return { entries: [...entries.values()].sort(newestFirst), incomplete: false };
    } catch (error) {
      throw toChainDomainError(error);
    }
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
