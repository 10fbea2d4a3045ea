import type { PersistedClient } from "@tanstack/react-query-persist-client";
import { describe, expect, it, vi } from "vitest";
import { createQueryPersister, MAX_RETRY_DELAY_MS, retryDelay } from "./createQueryClient";

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
      queries: [{ queryKey: ["x"], queryHash: "x", state: { data: { poo: 10n ** 24n } } }],
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
