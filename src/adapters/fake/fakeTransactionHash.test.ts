import { describe, expect, it } from "vitest";
import { isTransactionHash } from "../../domain/transactionHash";
import { fakeTransactionHash } from "./fakeTransactionHash";

describe("fakeTransactionHash", () => {
  it("makes well-formed, distinct hashes per fake and sequence", () => {
    const hashes = [fakeTransactionHash(0xa0, 1), fakeTransactionHash(0xa0, 2), fakeTransactionHash(0xb0, 1)];
    for (const hash of hashes) expect(isTransactionHash(hash)).toBe(true);
    expect(new Set(hashes).size).toBe(3);
  });
});
