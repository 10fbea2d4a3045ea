import type { PersistedClient } from "@tanstack/react-query-persist-client";
import { describe, expect, it, vi } from "vitest";
import { createQueryPersister, MAX_RETRY_DELAY_MS, retryDelay } from "./createQueryClient";
import { toTaggedJson } from "./taggedJson";

class MemoryStorage {
  items = new Map<string, string>();
  getItem = (k: string): string | null => this.items.get(k) ?? null;
  setItem = (k: string, v: string): void => void this.items.set(k, v);
  removeItem = (k: string): void => void this.items.delete(k);
}

describe("retryDelay", () => {
  it("backs off exponentially and never waits more than 30 s", () => {
    expect([0, 1, 2, 3, 4].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect(retryDelay(5)).toBe(MAX_RETRY_DELAY_MS);
    expect(retryDelay(20)).toBe(30_000);
  });
});

describe("createQueryPersister", () => {
  const client = {
    timestamp: 1,
    buster: "v1",
    clientState: {
      mutations: [],
      queries: [
        {
          queryKey: ["price", "poo"],
          queryHash: '["price","poo"]',
          state: {
            data: { status: "available", usd: 0.0042, updatedAt: new Date(5), stale: false, poo: 10n ** 24n },
          },
        },
      ],
    },
  } as unknown as PersistedClient;

  it("round-trips bigint amounts exactly", () => {
    vi.useFakeTimers();
    const storage = new MemoryStorage();
    const persister = createQueryPersister(storage, "poo", 10);
    void persister.persistClient(client);
    vi.advanceTimersByTime(10);
    const restored = persister.restoreClient() as unknown as {
      clientState: { queries: { state: { data: { poo: bigint } } }[] };
    };
    expect(restored.clientState.queries[0]?.state.data.poo).toBe(10n ** 24n);
    vi.useRealTimers();
  });

  it("restores nothing from corrupt storage instead of throwing", () => {
    const storage = new MemoryStorage();
    storage.setItem("poo:query-cache", "{broken");
    expect(createQueryPersister(storage, "poo").restoreClient()).toBeUndefined();
  });

  it("drops a stored snapshot of an older shape (a field missing) and keeps the valid ones", () => {
    const storage = new MemoryStorage();
    const snapshot = {
      pooBalance: 1n,
      crapBalance: 2n,
      rewards: 3n,
      stakedAmount: 4n,
      allowance: 5n,
      stakedTime: 6n,
      minStake: 7n,
      minStakeDuration: 8n,
      paused: false,
      blockNumber: 9n,
      blockTimestamp: 10n,
      poolStaked: 11n,
    };
    const { paused: _paused, blockNumber: _blockNumber, ...older } = snapshot;
    const query = (account: string, data: unknown) => ({
      queryKey: ["stake", "snapshot", 31337, account],
      queryHash: account,
      state: { data },
    });
    const stored = {
      timestamp: 1,
      buster: "v2",
      clientState: {
        mutations: [],
        queries: [
          query("0xold", older),
          query("0xnew", snapshot),
          query("0xspec", { ...snapshot, rewardRate: undefined }),
          query("0xnumbers", { ...snapshot, pooBalance: 1 }),
          { queryKey: ["unknown"], queryHash: "u", state: { data: 1 } },
        ],
      },
    };
    storage.setItem("poo:query-cache", toTaggedJson(stored));
    const restored = createQueryPersister(storage, "poo").restoreClient() as PersistedClient;
    expect(restored.clientState.queries.map((q) => q.queryHash)).toEqual(["0xnew", "0xspec"]);
  });

  it("restores nothing from a stored value that is not a persisted client", () => {
    const storage = new MemoryStorage();
    storage.setItem("poo:query-cache", "[1,2]");
    expect(createQueryPersister(storage, "poo").restoreClient()).toBeUndefined();
    storage.setItem("poo:query-cache", '{"timestamp":1,"clientState":{"queries":"x"}}');
    expect(createQueryPersister(storage, "poo").restoreClient()).toBeUndefined();
  });

  it("throttles writes", () => {
    vi.useFakeTimers();
    const storage = new MemoryStorage();
    const setItem = vi.spyOn(storage, "setItem");
    const persister = createQueryPersister(storage, "poo", 1000);
    for (let i = 0; i < 5; i++) void persister.persistClient(client);
    vi.advanceTimersByTime(1000);
    expect(setItem).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });
});
