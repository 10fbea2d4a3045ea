import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ANSWER_DEADLINE_MS, DATABASE_SILENCE_MARGIN_MS, OUTSIDE_CALL_TIMEOUT_MS } from "./answerBudget";
import { CHAIN_READ_LIMITS } from "../model/chainReadLimits";
import { DEFAULT_DATABASE_TIMEOUTS } from "./ServerConfig";

// An instance answers before nginx gives up on it (docs/operations.md "Timeouts"): otherwise one slow
// provider or database takes the instance out of rotation, and in turn every instance.
const conf = readFileSync(
  path.resolve(import.meta.dirname, "../../../deploy/nginx/poo-finance.conf"),
  "utf8",
);
const readTimeoutsMs = [...conf.matchAll(/^\s*proxy_read_timeout (\d+)s;$/gm)].map(
  (match) => Number(match[1]) * 1000,
);

describe("the instance's answer budget and deploy/nginx/poo-finance.conf", () => {
  it("answers within every proxy_read_timeout of the file, with room for the answer to travel", () => {
    expect(readTimeoutsMs.length).toBeGreaterThan(0);
    for (const readTimeoutMs of readTimeoutsMs)
      expect(ANSWER_DEADLINE_MS).toBeLessThanOrEqual(readTimeoutMs - 500);
  });

  it("bounds the chain-read gateway's own answer (it answers in JSON-RPC form) by the same deadline", () => {
    expect(CHAIN_READ_LIMITS.answerWithinMs).toBeLessThanOrEqual(ANSWER_DEADLINE_MS);
  });

  it("gives up each wait outside the instance before the answer deadline", () => {
    const waits = {
      "chain RPC or price API call": OUTSIDE_CALL_TIMEOUT_MS,
      "PostgreSQL connect": DEFAULT_DATABASE_TIMEOUTS.connectMs,
      "PostgreSQL statement, silent server":
        DEFAULT_DATABASE_TIMEOUTS.statementMs + DATABASE_SILENCE_MARGIN_MS,
      "PostgreSQL lock": DEFAULT_DATABASE_TIMEOUTS.lockMs,
      "SQLite write lock": DEFAULT_DATABASE_TIMEOUTS.sqliteBusyMs,
      "chain-read gateway provider": CHAIN_READ_LIMITS.providerTimeoutMs,
    };
    for (const [wait, ms] of Object.entries(waits)) {
      expect({ wait, belowDeadline: ms < ANSWER_DEADLINE_MS }).toEqual({ wait, belowDeadline: true });
    }
  });
});
