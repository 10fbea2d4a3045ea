import { describe, expect, it } from "vitest";
import { transactionRecordSchema } from "./transactionRecord";

const HASH = `0x${"ab".repeat(32)}`;
const valid = { hash: HASH, description: "Stake 12.5 POO", status: "pending" };

describe("transactionRecordSchema accepts", () => {
  it.each<[string, unknown]>([
    ["a pending record without confirmations", valid],
    ["a confirmed record with 1 confirmation", { ...valid, status: "confirmed", confirmations: 1 }],
    ["a failed record with many confirmations", { ...valid, status: "failed", confirmations: 12 }],
    ["an upper-case hex hash", { ...valid, hash: `0x${"AB".repeat(32)}` }],
    ["an empty description", { ...valid, description: "" }],
    ["a pending batch: its id, no hash yet", { batchId: "0x1234", description: "x", status: "pending" }],
    ["a mined batch: its id and the hash", { ...valid, status: "confirmed", batchId: "b-1" }],
  ])("%s", (_name, record) => {
    expect(transactionRecordSchema.safeParse(record).success).toBe(true);
  });

  it("strips unknown keys", () => {
    expect(transactionRecordSchema.parse({ ...valid, extra: 1 })).toEqual(valid);
  });
});

describe("transactionRecordSchema rejects", () => {
  it.each<[string, unknown]>([
    ["a short hash", { ...valid, hash: `0x${"ab".repeat(31)}` }],
    ["a long hash", { ...valid, hash: `0x${"ab".repeat(32)}00` }],
    ["a hash without 0x", { ...valid, hash: "ab".repeat(32) }],
    ["a hash with a non-hex digit", { ...valid, hash: `0x${"ab".repeat(31)}ag` }],
    ["a missing hash", { description: "x", status: "pending" }],
    ["an empty batch id and no hash", { batchId: "", description: "x", status: "pending" }],
    ["a batch id with a control character", { batchId: "a\u0000b", description: "x", status: "pending" }],
    ["a batch id that is not text", { batchId: 7, description: "x", status: "pending" }],
    ["a numeric description", { ...valid, description: 42 }],
    ["a missing description", { hash: HASH, status: "pending" }],
    ["confirmations 0", { ...valid, confirmations: 0 }],
    ["confirmations 1.5", { ...valid, confirmations: 1.5 }],
    ["negative confirmations", { ...valid, confirmations: -1 }],
    ["confirmations as text", { ...valid, confirmations: "3" }],
    ["infinite confirmations", { ...valid, confirmations: Number.POSITIVE_INFINITY }],
    ["an unknown status", { ...valid, status: "mined" }],
    ["a missing status", { hash: HASH, description: "x" }],
    ["null", null],
    ["a string", "0x"],
  ])("%s", (_name, record) => {
    expect(transactionRecordSchema.safeParse(record).success).toBe(false);
  });
});
