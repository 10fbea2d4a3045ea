import { describe, expect, it } from "vitest";
import { chooseStakeSending, type AtomicBatching, type StakeSending } from "./stakeSending";

describe("chooseStakeSending", () => {
  it.each<[bigint, AtomicBatching, StakeSending]>([
    // The allowance covers the quantity: the stake alone, whatever the wallet can batch.
    [150n, "supported", "stake"],
    [200n, "ready", "stake"],
    [150n, "unsupported", "stake"],
    // It does not: one batch where the wallet can, after the upgrade it offers where it is ready for it.
    [0n, "supported", "batch"],
    [149n, "ready", "batch-with-upgrade"],
    // Otherwise the two transactions of today.
    [0n, "unsupported", "approve-then-stake"],
  ])("allowance %s, atomic %s -> %s", (allowance, batching, expected) => {
    expect(chooseStakeSending(allowance, 150n, batching)).toBe(expected);
  });
});
