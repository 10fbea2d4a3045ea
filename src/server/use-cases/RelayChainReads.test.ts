import { encodeFunctionData, erc20Abi, type Address } from "viem";
import { beforeEach, describe, expect, it } from "vitest";
import { AnswerTooLargeError } from "../model/AnswerTooLargeError";
import type { JsonRpcAnswer } from "../model/jsonRpc";
import { ProvidersUnavailableError } from "../model/ProvidersUnavailableError";
import { FakeChainProvider, MINED_TX, PENDING_TX } from "../testing/FakeChainProvider";
import { memoryLogger } from "../testing/memoryLogger";
import { RelayChainReads } from "./RelayChainReads";

const CHAIN = 31337;
const POO: Address = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const STAKING: Address = "0x9fE46736679d2d9a65F0592f2272aA9C48F84a2E";
const USER: Address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const balanceOf = (owner: Address) =>
  encodeFunctionData({ abi: erc20Abi, functionName: "balanceOf", args: [owner] });

let provider: FakeChainProvider;
let clock: { now: number };
let relay: RelayChainReads;
let logger: ReturnType<typeof memoryLogger>;

beforeEach(() => {
  provider = new FakeChainProvider();
  clock = { now: 1_000_000 };
  logger = memoryLogger();
  relay = new RelayChainReads({
    providers: provider,
    chainIds: [CHAIN],
    contractsOf: async () => [POO, STAKING],
    logger,
    now: () => clock.now,
  });
});

const snapshotCall = (id: number | string, account: Address = USER) => ({
  jsonrpc: "2.0",
  id,
  method: "eth_call",
  params: [{ to: POO, data: balanceOf(account) }, "latest"],
});

async function ask(payload: unknown): Promise<{ status: number; body: JsonRpcAnswer | JsonRpcAnswer[] }> {
  return await relay.relay(CHAIN, payload);
}

function resultOf(body: JsonRpcAnswer | JsonRpcAnswer[]): unknown {
  if (Array.isArray(body) || !("result" in body))
    throw new Error(`expected one result, got ${JSON.stringify(body)}`);
  return body.result;
}

describe("RelayChainReads: identical reads at the same block are served once", () => {
  it("1,000 tabs asking the same read at once cost the provider one head question and one eth_call, each tab its own id", async () => {
    provider.hold();
    const answers = Array.from({ length: 1_000 }, (_, tab) => ask(snapshotCall(`tab-${tab}`)));
    await new Promise((resolve) => setTimeout(resolve, 10));
    provider.release();
    await new Promise((resolve) => setTimeout(resolve, 10));
    provider.release();
    const done = await Promise.all(answers);
    expect(provider.requests).toHaveLength(2);
    expect(provider.headQuestions).toBe(1);
    // `latest` went out as the head's number: the answer is for block 100, and kept for it.
    expect(provider.callsOf("eth_call")).toEqual([
      { method: "eth_call", params: [{ to: POO, data: balanceOf(USER) }, "0x64"] },
    ]);
    expect(done.map(({ body }) => (body as { id: unknown }).id)).toEqual(
      Array.from({ length: 1_000 }, (_, tab) => `tab-${tab}`),
    );
    expect(new Set(done.map(({ body }) => resultOf(body)))).toEqual(
      new Set([`0x${(100).toString(16).padStart(64, "0")}`]),
    );
    expect(relay.counts(CHAIN)).toMatchObject({ upstreamRequests: 2, sharedInFlight: 999 });
  });

  it("serves a read again from its answer while the head is the same block; a new block asks again, once", async () => {
    await ask(snapshotCall(1));
    for (let second = 0; second < 12; second++) {
      clock.now += 999;
      await ask(snapshotCall(second + 2));
    }
    // Twelve seconds, one block: the head asked about once a second, the read once.
    expect(provider.callsOf("eth_call")).toHaveLength(1);
    expect(provider.headQuestions).toBeLessThanOrEqual(13);
    provider.head = 101n;
    clock.now += 1_000;
    expect(resultOf((await ask(snapshotCall(20))).body)).toBe(`0x${(101).toString(16).padStart(64, "0")}`);
    await ask(snapshotCall(21));
    expect(provider.callsOf("eth_call")).toHaveLength(2);
    expect(relay.counts(CHAIN)?.cacheHits).toBe(13);
  });

  it("a head that went back (a chain reverted, a reorganisation to a shorter chain) never serves the answers of the old one", async () => {
    await ask(snapshotCall(1));
    provider.head = 95n;
    clock.now += 1_000;
    expect(resultOf((await ask(snapshotCall(2))).body)).toBe(`0x${(95).toString(16).padStart(64, "0")}`);
    // Block 100 is gone: a read of it by number (a replay) is asked, never served from the old answer.
    const gone = await ask({ ...snapshotCall(9), params: [{ to: POO, data: balanceOf(USER) }, "0x64"] });
    expect(gone.body).toMatchObject({
      id: 9,
      error: { message: expect.stringContaining("invalid block tag 100") },
    });
    provider.head = 100n; // the same height as before, another block: the old answer must not come back
    provider.remined();
    clock.now += 1_000;
    await ask(snapshotCall(3));
    expect(provider.callsOf("eth_call").map((call) => call.params[1])).toEqual([
      "0x64",
      "0x5f",
      "0x64",
      "0x64",
    ]);
  });

  it("a receipt naming a newer block moves the head at once: the next read is of that block", async () => {
    await ask(snapshotCall(1));
    provider.head = 103n;
    const receipt = await ask({
      jsonrpc: "2.0",
      id: 2,
      method: "eth_getTransactionReceipt",
      params: [MINED_TX],
    });
    expect(resultOf(receipt.body)).toMatchObject({ blockNumber: "0x67" });
    await ask(snapshotCall(3)); // no time passed: without the receipt this would be block 100's answer
    expect(provider.callsOf("eth_call").map((call) => call.params[1])).toEqual(["0x64", "0x67"]);
  });

  it("a missing receipt is asked again each time; eth_blockNumber is answered from a head at most 250 ms old", async () => {
    const receipt = { jsonrpc: "2.0", id: 1, method: "eth_getTransactionReceipt", params: [PENDING_TX] };
    expect(resultOf((await ask(receipt)).body)).toBeNull();
    expect(resultOf((await ask(receipt)).body)).toBeNull();
    expect(provider.callsOf("eth_getTransactionReceipt")).toHaveLength(2);

    const blockNumber = { jsonrpc: "2.0", id: 2, method: "eth_blockNumber", params: [] };
    expect(resultOf((await ask(blockNumber)).body)).toBe("0x64");
    provider.head = 101n;
    clock.now += 200;
    expect(resultOf((await ask(blockNumber)).body)).toBe("0x64");
    clock.now += 100;
    expect(resultOf((await ask(blockNumber)).body)).toBe("0x65");
    expect(resultOf((await ask({ jsonrpc: "2.0", id: 3, method: "eth_chainId", params: [] })).body)).toBe(
      "0x7a69",
    );
  });

  it("when the provider lacks the head's block (the chain went back between two questions), asks the head again and retries once", async () => {
    await ask(snapshotCall(1));
    provider.head = 90n;
    // Another read (not kept yet); the gateway still believes in block 100.
    const { body } = await ask(snapshotCall(2, STAKING));
    expect(resultOf(body)).toBe(`0x${(90).toString(16).padStart(64, "0")}`);
    // The second read went out at block 100, was refused, and again at block 90.
    expect(provider.callsOf("eth_call").map((call) => call.params[1])).toEqual(["0x64", "0x64", "0x5a"]);
  });

  it("keeps a batch's order and ids, answering its refusals beside its reads", async () => {
    const { status, body } = await ask([
      snapshotCall("a"),
      { jsonrpc: "2.0", id: "b", method: "hardhat_setBalance", params: [USER, "0x1"] },
      { jsonrpc: "2.0", id: "c", method: "eth_chainId", params: [] },
      { id: "d", method: "eth_chainId" },
      snapshotCall("e", STAKING),
    ]);
    expect(status).toBe(200);
    expect(body).toMatchObject([
      { id: "a", result: expect.any(String) },
      { id: "b", error: { code: -32601 } },
      { id: "c", result: "0x7a69" },
      { id: "d", error: { code: -32600, message: expect.stringContaining("Invalid request") } },
      { id: "e", result: expect.any(String) },
    ]);
    // The two reads the provider had to answer went in one request.
    expect(
      provider.requests.filter((request) => request.some((call) => call.method === "eth_call")),
    ).toHaveLength(1);
    expect(logger.lines).toContainEqual({
      level: "info",
      message: "Chain reads refused",
      fields: { chainId: CHAIN, refused: 1, reasons: ["method"], methods: ["hardhat_setBalance"] },
    });
  });
});

describe("RelayChainReads: requests refused whole, providers down", () => {
  it("refuses a 300-call batch in one JSON-RPC error, asking the provider nothing", async () => {
    const { status, body } = await ask(Array.from({ length: 300 }, (_, i) => snapshotCall(i)));
    expect(status).toBe(200);
    expect(body).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: {
        code: -32600,
        message: "Invalid request: a batch of 300 calls; at most 50 calls per request.",
      },
    });
    expect(provider.requests).toEqual([]);
  });

  it("refuses an empty batch and a message that is not JSON-RPC", async () => {
    expect((await ask([])).body).toMatchObject({ id: null, error: { code: -32600 } });
    expect((await ask("eth_call")).body).toMatchObject({ id: null, error: { code: -32600 } });
    expect((await ask({ jsonrpc: "1.0", id: 7, method: "eth_chainId" })).body).toMatchObject({
      id: 7,
      error: { code: -32600 },
    });
  });

  it("answers 503 with -32603 for each call when no provider answers, and serves again once one does", async () => {
    provider.failure = new ProvidersUnavailableError(CHAIN);
    const { status, body } = await ask([snapshotCall(1), snapshotCall(2, STAKING)]);
    expect(status).toBe(503);
    expect(body).toEqual(
      [1, 2].map((id) => ({
        jsonrpc: "2.0",
        id,
        error: { code: -32603, message: "No provider of chain 31337 answered; please retry shortly." },
      })),
    );
    provider.failure = undefined;
    expect((await ask(snapshotCall(3))).status).toBe(200);
  });

  it("answers -32005 when the provider's answer is over the size the server reads", async () => {
    await ask(snapshotCall(1)); // the head is known
    provider.failure = new AnswerTooLargeError(2 * 1024 * 1024);
    const { status, body } = await ask({
      jsonrpc: "2.0",
      id: 9,
      method: "eth_getLogs",
      params: [{ address: POO, fromBlock: "0x1", toBlock: "0x64" }],
    });
    expect(status).toBe(200);
    expect(body).toEqual({
      jsonrpc: "2.0",
      id: 9,
      error: {
        code: -32005,
        message:
          "Response size exceeded: the provider's answer is larger than 2 MiB; ask for less (a smaller block range).",
      },
    });
  });
});
