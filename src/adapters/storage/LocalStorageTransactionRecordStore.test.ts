import { describe, expect, it } from "vitest";
import { toAddress } from "../../domain/address";
import { LocalStorageTransactionRecordStore } from "./LocalStorageTransactionRecordStore";

class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
}

const account = toAddress("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");
const record = {
  hash: `0x${"ab".repeat(32)}` as const,
  description: "Stake 100 POO",
  status: "pending" as const,
};

describe("LocalStorageTransactionRecordStore", () => {
  it("keeps records per chain and account (case-insensitive)", () => {
    const storage = new MemoryStorage();
    const store = new LocalStorageTransactionRecordStore(storage, "poo");
    store.write({ account, chainId: 31337 }, [record]);
    expect(store.read({ account: toAddress(account.toLowerCase()), chainId: 31337 })).toEqual([record]);
    expect(store.read({ account, chainId: 11155111 })).toBeUndefined();
    expect([...storage.items.keys()]).toEqual([`poo:transactions:31337:${account.toLowerCase()}`]);
  });

  it("reads corrupt JSON as nothing stored", () => {
    const storage = new MemoryStorage();
    const store = new LocalStorageTransactionRecordStore(storage, "poo");
    storage.setItem(store.key({ account, chainId: 1 }), "{not json");
    expect(store.read({ account, chainId: 1 })).toBeUndefined();
  });

  it("does not throw when storage refuses a write", () => {
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException("full", "QuotaExceededError");
      },
    };
    expect(() =>
      new LocalStorageTransactionRecordStore(full, "poo").write({ account, chainId: 1 }, [record]),
    ).not.toThrow();
  });
});
