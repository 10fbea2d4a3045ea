import { describe, expect, it } from "vitest";
import { InMemoryNonceStore } from "./InMemoryNonceStore";

describe("InMemoryNonceStore", () => {
  const now = Date.now();

  it("lets a valid nonce be consumed exactly once", async () => {
    const store = new InMemoryNonceStore();
    await store.save("abc12345", now + 1000, now);
    expect(await store.inspect("abc12345", now)).toBe("valid");
    expect(await store.consume("abc12345", now)).toBe("valid");
    expect(await store.consume("abc12345", now)).toBe("used");
    expect(await store.inspect("abc12345", now)).toBe("used");
  });

  it("reports unknown and expired nonces without consuming them", async () => {
    const store = new InMemoryNonceStore();
    await store.save("abc12345", now + 1000, now);
    expect(await store.consume("never000", now)).toBe("unknown");
    expect(await store.consume("abc12345", now + 1000)).toBe("expired");
    expect(await store.inspect("abc12345", now)).toBe("valid");
  });

  it("drops the oldest entries beyond its capacity", async () => {
    const store = new InMemoryNonceStore(2);
    await store.save("first000", now + 1000, now);
    await store.save("second00", now + 1000, now);
    await store.save("third000", now + 1000, now);
    expect(store.size).toBe(2);
    expect(await store.inspect("first000", now)).toBe("unknown");
    expect(await store.inspect("third000", now)).toBe("valid");
  });

  it("forgets entries long after they expired", async () => {
    const store = new InMemoryNonceStore();
    await store.save("stale000", now - 11 * 60_000, now);
    await store.save("fresh000", now + 61_000, now + 60_000);
    expect(await store.inspect("stale000", now + 60_000)).toBe("unknown");
    expect(store.size).toBe(1);
  });
});
