import { describe, expect, it } from "vitest";
import { parseTransactionRecords } from "./parseTransactionRecords";

const hash = (n: number): string => `0x${n.toString(16).padStart(64, "0")}`;

describe("parseTransactionRecords", () => {
  it("keeps valid entries in order and drops each invalid one", () => {
    const raw = [
      { hash: hash(1), description: "a", status: "pending" },
      { hash: "0x12", description: "short hash", status: "pending" },
      { hash: hash(2), description: "b", status: "confirmed", confirmations: 0 },
      null,
      { hash: hash(3), description: "c", status: "failed", confirmations: 2 },
    ];
    expect(parseTransactionRecords(raw)).toEqual([
      { hash: hash(1), description: "a", status: "pending" },
      { hash: hash(3), description: "c", status: "failed", confirmations: 2 },
    ]);
  });

  it.each<[string, unknown]>([
    ["nothing stored", undefined],
    ["null", null],
    ["an object", { hash: hash(1) }],
    ["a string", "[]"],
    ["a number", 7],
  ])("reads %s as an empty list", (_name, raw) => {
    expect(parseTransactionRecords(raw)).toEqual([]);
  });
});
