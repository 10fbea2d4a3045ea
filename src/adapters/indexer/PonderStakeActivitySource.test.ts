import { createConfig, custom } from "@wagmi/core";
import { defineChain, encodeAbiParameters, numberToHex, pad, toEventSelector, type Hex } from "viem";
import { beforeEach, describe, expect, it } from "vitest";
import { toAddress } from "../../domain/address";
import { ACTIVITY_INCOMPLETE_TEXT } from "../../domain/stakeActivity";
import { ChainContracts } from "../chain/ChainContracts";
import { CHAIN_TAIL_BLOCKS, PonderStakeActivitySource } from "./PonderStakeActivitySource";

const CHAIN_ID = 31337;
const ACCOUNT = toAddress("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
const POO = toAddress("0x00000000000000000000000000000000000000a1");
const CRAP = toAddress("0x00000000000000000000000000000000000000a2");
const STAKING = toAddress("0x00000000000000000000000000000000000000a3");
const TRANSFER = toEventSelector("Transfer(address,address,uint256)");
const hashOf = (n: number): Hex => pad(numberToHex(n), { size: 32 });

/** A chain of `head` blocks whose logs are the stakes at `stakes` (block numbers); it counts requests. */
function fakeChain(state: { head: bigint; stakes: bigint[]; maxRange?: bigint }) {
  const requests: string[] = [];
  const transport = custom({
    async request({ method, params }: { method: string; params?: unknown }) {
      requests.push(method);
      if (method === "eth_chainId") return numberToHex(CHAIN_ID);
      if (method === "eth_blockNumber") return numberToHex(state.head);
      if (method === "eth_getBlockByNumber") {
        const [number] = params as [Hex];
        return {
          number,
          timestamp: numberToHex(1_700_000_000n + BigInt(number)),
          hash: hashOf(1),
          transactions: [],
        };
      }
      if (method === "eth_getLogs") {
        const [{ fromBlock, toBlock }] = params as [{ fromBlock: Hex; toBlock: Hex }];
        const from = BigInt(fromBlock);
        const to = BigInt(toBlock);
        if (state.maxRange !== undefined && to - from + 1n > state.maxRange) {
          throw Object.assign(new Error("block range is too large"), { code: -32005 });
        }
        return state.stakes
          .filter((block) => block >= from && block <= to)
          .map((block) => ({
            address: POO,
            topics: [TRANSFER, pad(ACCOUNT), pad(STAKING)],
            data: encodeAbiParameters([{ type: "uint256" }], [10n ** 20n]),
            blockNumber: numberToHex(block),
            blockHash: hashOf(Number(block)),
            transactionHash: hashOf(Number(block) + 1000),
            transactionIndex: "0x0",
            logIndex: "0x0",
            removed: false,
          }));
      }
      throw new Error(`unexpected ${method}`);
    },
  });
  const chain = defineChain({
    id: CHAIN_ID,
    name: "POO Local",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: ["http://127.0.0.1:1"] } },
  });
  const config = createConfig({ chains: [chain], transports: { [CHAIN_ID]: transport } });
  const contracts = new ChainContracts(
    config,
    new Map([[CHAIN_ID, { pooToken: POO, crapToken: CRAP, staking: STAKING, deployBlock: 10n }]]),
  );
  return { config, contracts, requests };
}

/** The indexer's /activity answer with stakes at `blocks`, indexed to `indexedTo`; or down. */
function fakeIndexer(state: { indexedTo: bigint | null; stakes: bigint[]; down?: boolean }) {
  const calls: string[] = [];
  const fetchFn = (async (url: string) => {
    calls.push(url);
    if (state.down) return new Response("Bad Gateway", { status: 502 });
    return Response.json({
      chainId: CHAIN_ID,
      account: ACCOUNT.toLowerCase(),
      indexedTo: state.indexedTo === null ? null : { block: String(state.indexedTo), timestamp: 1 },
      truncated: false,
      entries: state.stakes
        .filter((block) => state.indexedTo !== null && block <= state.indexedTo)
        .reverse()
        .map((block) => ({
          kind: "stake",
          amount: String(10n ** 20n),
          transactionHash: hashOf(Number(block) + 1000),
          blockNumber: String(block),
          logIndex: 0,
          timestamp: 1_700_000_000 + Number(block),
        })),
    });
  }) as typeof fetch;
  return { fetchFn, calls };
}

describe("PonderStakeActivitySource", () => {
  let chain: { head: bigint; stakes: bigint[]; maxRange?: bigint };
  let indexer: { indexedTo: bigint | null; stakes: bigint[]; down?: boolean };

  beforeEach(() => {
    // A stake 2,000,000 blocks ago and one a moment ago, which the indexer has not reached yet.
    chain = { head: 2_000_100n, stakes: [100n, 2_000_099n], maxRange: 10_000n };
    indexer = { indexedTo: 2_000_098n, stakes: chain.stakes };
  });

  const source = () => {
    const { config, contracts, requests } = fakeChain(chain);
    const { fetchFn, calls } = fakeIndexer(indexer);
    return { source: new PonderStakeActivitySource(config, contracts, "/indexer", fetchFn), requests, calls };
  };

  it("lists an old stake from the indexer and a new one from the chain's tail: one indexer request, eth_blockNumber, one eth_getLogs", async () => {
    const { source: activity, requests, calls } = source();
    const result = await activity.loadActivity(ACCOUNT, CHAIN_ID);
    expect(result.entries.map((e) => e.blockNumber)).toEqual([2_000_099n, 100n]);
    expect(result.incomplete).toBe(false);
    expect(calls).toEqual([`/indexer/activity?chainId=${CHAIN_ID}&account=${ACCOUNT}`]);
    // eth_getBlockByNumber: the new stake's time (the indexer gives its own entries' times).
    expect(requests.filter((m) => m !== "eth_chainId")).toEqual([
      "eth_blockNumber",
      "eth_getLogs",
      "eth_getBlockByNumber",
    ]);
    expect(result.entries[1]!.timestamp).toEqual(new Date((1_700_000_000 + 100) * 1000));
  });

  it("indexer down on a first load: the chain's last blocks only, said to be incomplete, no scan from the deployment", async () => {
    indexer.down = true;
    const { source: activity, requests } = source();
    const result = await activity.loadActivity(ACCOUNT, CHAIN_ID);
    expect(result.entries.map((e) => e.blockNumber)).toEqual([2_000_099n]);
    expect(result.incomplete).toBe(true);
    expect(requests.filter((m) => m === "eth_getLogs")).toHaveLength(1);
    expect(ACTIVITY_INCOMPLETE_TEXT).toMatch(/cannot be shown right now/);
  });

  it("indexer stopped mid-session: what was read stays, the new blocks come from the chain, nothing is missing", async () => {
    const { source: activity, requests } = source();
    await activity.loadActivity(ACCOUNT, CHAIN_ID);
    indexer.down = true;
    chain.head += 50n;
    chain.stakes.push(2_000_140n);
    requests.length = 0;
    const result = await activity.loadActivity(ACCOUNT, CHAIN_ID);
    expect(result.entries.map((e) => e.blockNumber)).toEqual([2_000_140n, 2_000_099n, 100n]);
    expect(result.incomplete).toBe(false);
    expect(requests.filter((m) => m === "eth_getLogs")).toHaveLength(1);
  });

  it("an indexer further behind than the tail: what it has, the tail, and the gap owned up to", async () => {
    indexer.indexedTo = 1_000_000n;
    const { source: activity, requests } = source();
    const result = await activity.loadActivity(ACCOUNT, CHAIN_ID);
    expect(result.entries.map((e) => e.blockNumber)).toEqual([2_000_099n, 100n]);
    expect(result.incomplete).toBe(true);
    const getLogs = requests.filter((m) => m === "eth_getLogs");
    expect(getLogs).toHaveLength(1);
    expect(CHAIN_TAIL_BLOCKS).toBeLessThanOrEqual(10_000n);
  });

  it("a provider that serves fewer blocks than the tail: a few halved requests, then incomplete rather than a storm", async () => {
    chain.maxRange = 5n;
    indexer.indexedTo = 2_000_100n - 4_000n;
    const { source: activity, requests } = source();
    const result = await activity.loadActivity(ACCOUNT, CHAIN_ID);
    expect(result.incomplete).toBe(true);
    expect(result.entries.map((e) => e.blockNumber)).toEqual([100n]);
    expect(requests.filter((m) => m === "eth_getLogs").length).toBeLessThanOrEqual(3);
  });

  it("a block reorganised a moment ago: the chain's newest blocks win over an indexer not caught up yet", async () => {
    indexer.indexedTo = 2_000_100n;
    indexer.stakes = [100n, 2_000_099n]; // the indexer still has the stake of the reorganised block
    chain.stakes = [100n];
    const { source: activity, requests } = source();
    const result = await activity.loadActivity(ACCOUNT, CHAIN_ID);
    expect(result.entries.map((e) => e.blockNumber)).toEqual([100n]);
    expect(requests.filter((m) => m === "eth_getLogs")).toHaveLength(1);
  });

  it("an entry the indexer no longer has (a reorganised block) leaves the list", async () => {
    indexer.indexedTo = 2_000_100n;
    const { source: activity } = source();
    expect((await activity.loadActivity(ACCOUNT, CHAIN_ID)).entries).toHaveLength(2);
    chain.stakes = [100n];
    indexer.stakes = chain.stakes;
    expect((await activity.loadActivity(ACCOUNT, CHAIN_ID)).entries.map((e) => e.blockNumber)).toEqual([
      100n,
    ]);
  });
});
