import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { connect, type Socket } from "node:net";
import type { ServerResponse } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { answer, NginxRig } from "./testing/nginxTestRig";

// The limits of deploy/nginx/poo-finance.conf (docs/operations.md "Limits"), with nginx in front of a
// stand-in that answers every request it gets with 200: any 429 is nginx's, and a refused request
// never reaches the instance.
const rig = new NginxRig();
afterEach(() => rig.stopAll());

async function burst(url: string, count: number, init: RequestInit = {}): Promise<Response[]> {
  return Promise.all(Array.from({ length: count }, () => fetch(url, init)));
}
const statuses = (responses: Response[]) => responses.map((response) => response.status);
const count = (list: number[], status: number) => list.filter((value) => value === status).length;

async function okStandIn() {
  return rig.standIn((_request, response) => answer(response, "{}"));
}

describe("nginx's limits (deploy/nginx/poo-finance.conf)", () => {
  it("a burst of sign-in requests from one address: 429 from nginx past its burst, never reaching an instance", async () => {
    const up = await okStandIn();
    const nginx = await rig.nginx([up.address]);
    const answers = await burst(`${nginx.url}/api/auth/nonce`, 30);
    const codes = statuses(answers);
    // 1 r/s with a burst of 10: 11 at once, and perhaps one more as a second passes.
    expect(count(codes, 200)).toBeGreaterThanOrEqual(11);
    expect(count(codes, 200)).toBeLessThanOrEqual(12);
    expect(count(codes, 429)).toBe(30 - count(codes, 200));
    expect(up.hits).toHaveLength(count(codes, 200));
    const refused = answers.find((response) => response.status === 429);
    expect(refused?.headers.get("retry-after")).toBe("10");
    expect(refused?.headers.get("content-type")).toBe("application/json");
    expect(await refused?.json()).toEqual({ error: "Too many requests; please try again later." });
    // Another route from the same address is still served: the sign-in zone is the sign-in routes'.
    expect((await fetch(`${nginx.url}/api/launches/crap/registration`)).status).toBe(200);
  });

  it("writes (PUT, POST) from one address are limited; reads from it are not", async () => {
    const up = await okStandIn();
    const nginx = await rig.nginx([up.address]);
    const puts = statuses(
      await burst(`${nginx.url}/api/launches/crap/registration`, 30, { method: "PUT", body: "{}" }),
    );
    // 2 r/s with a burst of 20 (30 at once stay below the 32 in progress that limit_conn allows).
    expect(count(puts, 200)).toBeGreaterThanOrEqual(21);
    expect(count(puts, 200)).toBeLessThanOrEqual(23);
    expect(count(puts, 429)).toBe(30 - count(puts, 200));
    const gets = statuses(await burst(`${nginx.url}/api/launches/crap/registration`, 30));
    expect(count(gets, 200)).toBe(30);
  });

  it("one address's flood of reads gets 429 past the general burst", async () => {
    const up = await okStandIn();
    const nginx = await rig.nginx([up.address]);
    // In waves of 20, below the 32 requests in progress that limit_conn allows one address.
    const codes: number[] = [];
    for (let wave = 0; wave < 8; wave += 1)
      codes.push(...statuses(await burst(`${nginx.url}/assets/x.js`, 20)));
    // 20 r/s with a burst of 100: 101 at once, plus what refills while they are answered.
    expect(count(codes, 200)).toBeGreaterThanOrEqual(101);
    expect(count(codes, 200)).toBeLessThan(140);
    expect(count(codes, 429)).toBe(160 - count(codes, 200));
  });

  it("at most 32 requests of one address in progress at once", async () => {
    const held: ServerResponse[] = [];
    const up = await rig.standIn((_request, response) => held.push(response));
    const nginx = await rig.nginx([up.address]);
    const pending = burst(`${nginx.url}/assets/slow.js`, 40);
    // The 32 admitted reach the instance; the others are refused at once.
    await expect.poll(() => up.hits.length, { timeout: 5_000 }).toBe(32);
    for (const response of held) answer(response, "{}");
    const codes = statuses(await pending);
    expect(count(codes, 200)).toBe(32);
    expect(count(codes, 429)).toBe(8);
  });

  // A client that opens a connection and sends its request slowly (slowloris): nginx's defaults
  // wait 60 s for it; the configuration cuts it after 10 s. Headers and body are checked together.
  it("cuts a client that sends its headers, or its body, too slowly after 10 s", async () => {
    const up = await okStandIn();
    const nginx = await rig.nginx([up.address]);
    const { port } = new URL(nginx.url);
    const closedAfter = (send: (socket: Socket) => void) =>
      new Promise<{ seconds: number; received: string }>((resolve, reject) => {
        const started = performance.now();
        let received = "";
        const socket = connect({ host: "127.0.0.1", port: Number(port) }, () => send(socket));
        socket.on("data", (chunk: Buffer) => {
          received += chunk.toString("utf8");
        });
        socket.on("error", reject);
        socket.on("close", () => resolve({ seconds: (performance.now() - started) / 1000, received }));
      });
    const [header, body] = await Promise.all([
      closedAfter((socket) => socket.write("GET / HTTP/1.1\r\nHost: x\r\n")),
      closedAfter((socket) => socket.write("PUT /api/x HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{")),
    ]);
    for (const { seconds } of [header, body]) {
      expect(seconds).toBeGreaterThanOrEqual(9.5);
      expect(seconds).toBeLessThan(20);
    }
    // nginx reads a body whole before it passes the request on: neither reached the instance.
    expect(up.hits).toHaveLength(0);
  }, 30_000);

  it("runs one worker per core (worker_processes auto)", async () => {
    const up = await okStandIn();
    const nginx = await rig.nginx([up.address]);
    const workers = readdirSync("/proc")
      .filter((entry) => /^\d+$/.test(entry))
      .filter((pid) => {
        try {
          // /proc/<pid>/stat: "pid (comm) state ppid ..."
          const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
          return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === nginx.pid;
        } catch {
          return false; // gone meanwhile
        }
      });
    expect(workers).toHaveLength(availableParallelism());
  });
});
