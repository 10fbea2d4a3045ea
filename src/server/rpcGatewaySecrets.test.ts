import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { encodeFunctionData, erc20Abi } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootServer, type BootedServer } from "./bootServer";
import { startFakeHttpService, type FakeHttpService } from "./testing/fakeHttpService";

// The chain-read gateway through the server's own start-up at the most verbose log level, with two
// providers whose URLs hold keys: the first is down, the second repeats its URL (and the path it was
// asked at) in every error, as some providers do. Neither key may reach an answer or the log, through
// the gateway or the server's own reads (its chain check).
const DEAD_KEY = `deadkey${randomBytes(8).toString("hex")}`;
const LIVE_KEY = `livekey${randomBytes(8).toString("hex")}`;
const LIVE_TOKEN = `token${randomBytes(8).toString("hex")}`;
const SITE = "http://127.0.0.1:5173";
const POO = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const USER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

let log = "";
let booted: BootedServer;
let live: FakeHttpService;
let liveUrl = "";
let deadUrl = "";
let dir = "";

beforeAll(async () => {
  const dead = await startFakeHttpService(() => undefined);
  await dead.close();
  deadUrl = `${dead.url}/v3/${DEAD_KEY}`;
  live = await startFakeHttpService((request, body, response) => {
    const calls = JSON.parse(body) as { id: number; method: string } | { id: number; method: string }[];
    const answer = ({ id, method }: { id: number; method: string }) =>
      method === "eth_getBlockByNumber"
        ? { jsonrpc: "2.0", id, result: { number: "0x10", hash: `0x${"12".repeat(32)}` } }
        : {
            jsonrpc: "2.0",
            id,
            error: {
              code: -32000,
              message: `${method} failed at ${liveUrl} (${request.url})`,
              data: liveUrl,
            },
          };
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify(Array.isArray(calls) ? calls.map(answer) : answer(calls)));
  });
  liveUrl = `${live.url}/v2/${LIVE_KEY}?token=${LIVE_TOKEN}`;
  dir = mkdtempSync(path.join(tmpdir(), "poo-gateway-secrets-"));
  writeFileSync(
    path.join(dir, "31337.json"),
    JSON.stringify({ chainId: 31337, pooToken: POO, crapToken: POO, staking: USER, deployBlock: 0 }),
  );
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      log += chunk.toString("utf8");
      done();
    },
  });
  const started = await bootServer(
    {
      NODE_ENV: "development",
      LOG_LEVEL: "trace",
      API_PORT: "0",
      DATABASE_PATH: ":memory:",
      SIWE_ALLOWED_ORIGINS: SITE,
      SIWE_ALLOWED_CHAIN_IDS: "31337",
      DEPLOYMENTS_DIR: dir,
      CHAIN_RPC_URL_31337: `${deadUrl},${liveUrl}`,
    },
    // The server's own chain check (eth_chainId, answered with an error that repeats the URL) runs
    // every 100 ms here, so that its log line is among those searched.
    {
      defaultNodeEnv: "development",
      serveSite: false,
      destination,
      overrides: { dependencyCheckIntervalMs: 100 },
    },
  );
  if (!started) throw new Error(`the server did not start:\n${log}`);
  booted = started;
}, 60_000);

afterAll(async () => {
  await booted?.server.close();
  await live?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("the chain-read gateway", () => {
  it("puts no provider URL or key in an answer or a log line, at LOG_LEVEL=trace", async () => {
    const post = async (body: unknown): Promise<string> => {
      const response = await fetch(`${booted.server.url}/api/rpc/31337`, {
        method: "POST",
        headers: { origin: SITE, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      return `${response.status} ${[...response.headers].join(" ")} ${await response.text()}`;
    };
    const read = (id: number) => ({
      jsonrpc: "2.0",
      id,
      method: "eth_call",
      params: [
        { to: POO, data: encodeFunctionData({ abi: erc20Abi, functionName: "balanceOf", args: [USER] }) },
        "latest",
      ],
    });
    const answers = [
      await post({ jsonrpc: "2.0", id: 1, method: "eth_blockNumber", params: [] }),
      await post(read(2)),
      await post([read(3), { jsonrpc: "2.0", id: 4, method: "hardhat_setBalance", params: [USER, "0x1"] }]),
      await post({
        jsonrpc: "2.0",
        id: 5,
        method: "eth_getLogs",
        params: [{ address: POO, fromBlock: "0x1" }],
      }),
    ];
    await live.close(); // now no provider answers
    answers.push(await post({ jsonrpc: "2.0", id: 6, method: "eth_getBalance", params: [USER, "0x1"] }));

    for (let waited = 0; !log.includes("Dependency down: chain 31337") && waited < 5_000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // It all happened: the provider's errors came through (scrubbed), the dead one was logged, then both;
    // the server's own chain check failed on the provider's error.
    expect(log).toContain("Dependency down: chain 31337");
    expect(answers[1]).toContain("eth_call failed at [provider]");
    expect(answers[4]).toMatch(/^503 /);
    expect(log).toContain('"msg":"Chain provider failed"');
    expect(log).toContain('"msg":"Chain reads refused"');
    const secrets = [
      DEAD_KEY,
      LIVE_KEY,
      LIVE_TOKEN,
      deadUrl,
      liveUrl,
      new URL(liveUrl).pathname,
      new URL(deadUrl).pathname,
    ];
    for (const secret of secrets) {
      for (const answer of answers) expect(answer.includes(secret), `${secret} in an answer`).toBe(false);
      expect(log.includes(secret), `${secret} in the log`).toBe(false);
    }
  });
});
